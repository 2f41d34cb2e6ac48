import { fromBase64 } from '@cosmjs/encoding';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import type { Coin } from 'cosmjs-types/cosmos/base/v1beta1/coin';
import type { Knex } from 'knex';
import { CHAIN_STREAM, type BlockCommitted, type ChainGenesisRecorded } from '../write-side/chain/embedded-chain';
import { decodeMessage, TypeUrl, type ChainMessage } from '../write-side/chain/messages';
import type { RecordedEvent } from '../write-side/event-store/event-store';
import type { Projection } from './projection';

export interface Movement {
  kind: 'SEND' | 'MINT' | 'BURN';
  from: string | null;
  to: string | null;
  denom: string;
  amount: bigint;
}

const amountOf = (coin: Coin | undefined): Coin => {
  if (!coin) throw new Error('a successful mint or burn always carries its coin');
  return coin;
};

/**
 * What one successfully executed message did to balances and supply, as the embedded chain's state
 * machine (write-side/chain/ledger-state.ts) executes it: x/bank sends, token-factory mints and burns,
 * and the messages of a proposal. A proposal's messages ran when its transaction succeeded: that chain
 * fails the whole transaction of a proposal it cannot execute.
 */
export function movementsOf(message: ChainMessage): Movement[] {
  switch (message.typeUrl) {
    case TypeUrl.send:
      return message.value.amount.map((coin) => ({
        kind: 'SEND',
        from: message.value.fromAddress,
        to: message.value.toAddress,
        denom: coin.denom,
        amount: BigInt(coin.amount),
      }));
    case TypeUrl.mint: {
      const coin = amountOf(message.value.amount);
      return [{ kind: 'MINT', from: null, to: message.value.mintToAddress || message.value.sender, denom: coin.denom, amount: BigInt(coin.amount) }];
    }
    case TypeUrl.burn: {
      const coin = amountOf(message.value.amount);
      return [{ kind: 'BURN', from: message.value.burnFromAddress || message.value.sender, to: null, denom: coin.denom, amount: BigInt(coin.amount) }];
    }
    case TypeUrl.submitProposal:
      return message.value.messages.flatMap((packed) => movementsOf(decodeMessage(packed)));
    case TypeUrl.createGroupWithPolicy:
    case TypeUrl.updateGroupMembers:
    case TypeUrl.updateGroupPolicyDecisionPolicy:
    case TypeUrl.createDenom:
    case TypeUrl.changeAdmin:
      return [];
  }
}

/** The messages of a recorded transaction (base64 TxRaw bytes). */
export const messagesOf = (txBase64: string): ChainMessage[] =>
  TxBody.decode(TxRaw.decode(fromBase64(txBase64)).bodyBytes).messages.map(decodeMessage);

interface SupplyChange {
  minted: bigint;
  burned: bigint;
  mints: number;
  burns: number;
}

const MOVEMENTS_PER_STATEMENT = 50_000;

/** Keys of per-address deltas; a NUL never occurs in an address or a denom. */
const balanceKey = (address: string, denom: string) => `${address}\u0000${denom}`;

/** Folds the batch's blocks, in order, into one set of rows, deltas and totals: a few statements however many blocks. */
async function applyBlocks(trx: Knex.Transaction, blocks: BlockCommitted[]): Promise<void> {
  const movements: Array<Record<string, string | number | null>> = [];
  const deltas = new Map<string, bigint>();
  const supply = new Map<string, SupplyChange>();
  const shift = (address: string, denom: string, amount: bigint) =>
    deltas.set(balanceKey(address, denom), (deltas.get(balanceKey(address, denom)) ?? 0n) + amount);
  for (const block of blocks) {
    const row = (txIndex: number, movementIndex: number, hash: string, direction: 'IN' | 'OUT', address: string, counterparty: string | null, movement: Movement) =>
      movements.push({
        height: block.height,
        tx_index: txIndex,
        movement_index: movementIndex,
        direction,
        address,
        kind: movement.kind,
        counterparty,
        denom: movement.denom,
        amount: movement.amount.toString(),
        tx_hash: hash,
        block_time: block.time,
      });

    block.txs.forEach((tx, txIndex) => {
      // A failed transaction changed nothing but its signers' sequences.
      if (tx.code !== 0) return;
      messagesOf(tx.tx)
        .flatMap(movementsOf)
        .forEach((movement, movementIndex) => {
          if (movement.from !== null) {
            shift(movement.from, movement.denom, -movement.amount);
            row(txIndex, movementIndex, tx.hash, 'OUT', movement.from, movement.to, movement);
          }
          if (movement.to !== null) {
            shift(movement.to, movement.denom, movement.amount);
            row(txIndex, movementIndex, tx.hash, 'IN', movement.to, movement.from, movement);
          }
          if (movement.kind === 'SEND') return;
          const change = supply.get(movement.denom) ?? { minted: 0n, burned: 0n, mints: 0, burns: 0 };
          if (movement.kind === 'MINT') supply.set(movement.denom, { ...change, minted: change.minted + movement.amount, mints: change.mints + 1 });
          else supply.set(movement.denom, { ...change, burned: change.burned + movement.amount, burns: change.burns + 1 });
        });
    });
  }

  // In slices, so that a batch of busy blocks never becomes one document too large to send.
  for (let from = 0; from < movements.length; from += MOVEMENTS_PER_STATEMENT)
    await trx.raw(
      `insert into chain_movements (height, tx_index, movement_index, direction, address, kind, counterparty, denom, amount, tx_hash, block_time)
       select * from jsonb_to_recordset(?::jsonb) as m(height bigint, tx_index integer, movement_index integer, direction text, address text,
         kind text, counterparty text, denom text, amount numeric, tx_hash text, block_time timestamptz)`,
      [JSON.stringify(movements.slice(from, from + MOVEMENTS_PER_STATEMENT))],
    );

  const changed = [...deltas].filter(([, delta]) => delta !== 0n);
  if (changed.length > 0) {
    const keys = changed.map(([key]) => key.split('\u0000') as [string, string]);
    const { rows } = await trx.raw<{ rows: Array<{ address: string; denom: string; amount: string }> }>(
      `insert into chain_balances (address, denom, amount)
       select * from unnest(?::text[], ?::text[], ?::numeric[])
       on conflict (address, denom) do update set amount = chain_balances.amount + excluded.amount
       returning address, denom, amount::text`,
      [keys.map(([address]) => address), keys.map(([, denom]) => denom), changed.map(([, delta]) => delta.toString())],
    );
    // A fold that drove a balance below zero is wrong: fail (the projection stops and says so) rather than answer it.
    const negative = rows.find((balance) => balance.amount.startsWith('-'));
    if (negative) throw new Error(`balances: ${negative.address} would hold ${negative.amount}${negative.denom}`);
    // Like x/bank, an account holds no zero balances.
    const emptied = rows.filter((balance) => balance.amount === '0');
    if (emptied.length > 0)
      await trx.raw('delete from chain_balances where (address, denom) in (select * from unnest(?::text[], ?::text[])) and amount = 0', [
        emptied.map((balance) => balance.address),
        emptied.map((balance) => balance.denom),
      ]);
  }

  if (supply.size > 0) {
    const changes = [...supply];
    await trx.raw(
      `insert into chain_supply (denom, supply, minted, burned, mints, burns)
       select denom, minted - burned, minted, burned, mints, burns
         from unnest(?::text[], ?::numeric[], ?::numeric[], ?::bigint[], ?::bigint[]) as s(denom, minted, burned, mints, burns)
       on conflict (denom) do update set supply = chain_supply.supply + excluded.supply, minted = chain_supply.minted + excluded.minted,
         burned = chain_supply.burned + excluded.burned, mints = chain_supply.mints + excluded.mints, burns = chain_supply.burns + excluded.burns`,
      [
        changes.map(([denom]) => denom),
        changes.map(([, change]) => change.minted.toString()),
        changes.map(([, change]) => change.burned.toString()),
        changes.map(([, change]) => change.mints),
        changes.map(([, change]) => change.burns),
      ],
    );
  }

  const last = blocks[blocks.length - 1];
  if (last) await trx('chain_head').update({ height: last.height, block_time: last.time });
}

/**
 * Balances per address and denom, supply per denom (with the mint and burn totals), every movement of
 * value, and the height they stand at: a pure fold of the platform chain's recorded blocks, so they
 * equal what the chain answers after every block. It never calls the chain.
 */
export const balancesProjection: Projection = {
  name: 'balances',
  tables: ['chain_head', 'chain_balances', 'chain_supply', 'chain_movements'],
  handles: ['ChainGenesisRecorded', 'BlockCommitted'],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]): Promise<void> {
    // Only the deployment's own chain: a scratch chain on another stream is not its ledger.
    const own = events.filter((event) => event.streamId === CHAIN_STREAM);
    const genesis = own.find((event) => event.type === 'ChainGenesisRecorded');
    if (genesis) {
      const data = genesis.data as ChainGenesisRecorded;
      await trx('chain_head').insert({ chain_id: data.chainId, height: 0, block_time: data.genesisTime });
    }
    await applyBlocks(
      trx,
      own.filter((event) => event.type === 'BlockCommitted').map((event) => event.data as BlockCommitted),
    );
  },
};
