import { SEQUENCE_MISMATCH_CODE, type Chain, type ChainAccount, type TxResult } from './chain';
import type { CustodyKey } from './keys';
import { messageSigners, type ChainMessage } from './messages';
import { signTransaction } from './transactions';

interface SequenceEntry {
  accountNumber: number;
  nextSequence: number;
}

/** Per chain, the next sequence of every signer this process has used: lets one signer pipeline many txs. */
const sequenceBooks = new WeakMap<Chain, Map<string, SequenceEntry>>();

function bookOf(chain: Chain): Map<string, SequenceEntry> {
  let book = sequenceBooks.get(chain);
  if (!book) sequenceBooks.set(chain, (book = new Map()));
  return book;
}

/** The keys in the order the chain derives signers from the messages; every signer needs exactly one key. */
function orderSigners(keys: CustodyKey[], messages: ChainMessage[]): CustodyKey[] {
  const required = [...new Set(messages.flatMap(messageSigners))];
  const byAddress = new Map(keys.map((key) => [key.address, key]));
  if (byAddress.size !== required.length || required.some((address) => !byAddress.has(address)))
    throw new Error(`the messages need the signatures of ${required.join(', ')}; got keys for ${[...byAddress.keys()].join(', ')}`);
  return required.map((address) => byAddress.get(address)!);
}

/**
 * Records the fetched accounts of `missing` signers and returns every signer's entry; null when a
 * concurrent refusal dropped one meanwhile (fetch again).
 */
function takeEntries(
  book: Map<string, SequenceEntry>,
  signers: CustodyKey[],
  missing: CustodyKey[],
  accounts: Array<ChainAccount | null>,
): SequenceEntry[] | null {
  missing.forEach((key, index) => {
    // An unknown account signs as number 0, sequence 0 and the chain refuses it with its own reason.
    const account = accounts[index];
    if (!book.has(key.address)) book.set(key.address, { accountNumber: account?.accountNumber ?? 0, nextSequence: account?.sequence ?? 0 });
  });
  const entries = signers.map((key) => book.get(key.address));
  return entries.every((entry) => entry !== undefined) ? (entries as SequenceEntry[]) : null;
}

/**
 * Signs with every key (account numbers and sequences from the chain, then tracked locally so that
 * concurrent submissions by one signer take consecutive sequences) and broadcasts; a sequence
 * mismatch, e.g. after another process used the key, is re-signed with fresh sequences once.
 */
export async function signAndBroadcast(chain: Chain, keys: CustodyKey[], messages: ChainMessage[], memo = ''): Promise<TxResult> {
  const signers = orderSigners(keys, messages);
  const book = bookOf(chain);
  for (let attempt = 1; ; attempt++) {
    let taken: SequenceEntry[] | null = null;
    while (!taken) {
      const missing = signers.filter((key) => !book.has(key.address));
      const accounts = await Promise.all(missing.map((key) => chain.getAccount(key.address)));
      taken = takeEntries(book, signers, missing, accounts);
    }
    const entries = taken;
    // No await from taking the sequences to handing the bytes to the chain: submissions keep their order.
    const txBytes = signTransaction({
      chainId: chain.chainId,
      signers: signers.map((key, index) => ({ key, accountNumber: entries[index]!.accountNumber, sequence: entries[index]!.nextSequence++ })),
      messages,
      memo,
    });
    // Refused before a block (or never delivered), the tx consumed no sequence: relearn them from the
    // chain, unless a concurrent submission already did.
    const forgetSequences = () =>
      signers.forEach((key, index) => {
        if (book.get(key.address) === entries[index]) book.delete(key.address);
      });
    let result: TxResult;
    try {
      result = await chain.broadcast(txBytes);
    } catch (error) {
      forgetSequences();
      throw error;
    }
    if (result.height === 0) forgetSequences();
    if (result.code !== SEQUENCE_MISMATCH_CODE || attempt > 1) return result;
  }
}
