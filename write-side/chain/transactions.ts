import { toHex } from '@cosmjs/encoding';
import { makeAuthInfoBytes, makeSignBytes, makeSignDoc, type Registry } from '@cosmjs/proto-signing';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { Any } from 'cosmjs-types/google/protobuf/any';
import { sha256 } from './hashes';
import { signBytes, type CustodyKey } from './keys';
import { registry as defaultRegistry, type ChainMessage } from './messages';

export const SECP256K1_PUBKEY_TYPE_URL = '/cosmos.crypto.secp256k1.PubKey';
/** Fees are zero on the platform's chains; the limit only has to cover the largest settlement batch. */
export const GAS_LIMIT = 10_000_000;

export interface TxSigner {
  key: CustodyKey;
  accountNumber: number;
  sequence: number;
}

function encodePublicKey(compressedPublicKey: Uint8Array): Any {
  return Any.fromPartial({
    typeUrl: SECP256K1_PUBKEY_TYPE_URL,
    value: PubKey.encode({ key: compressedPublicKey }).finish(),
  });
}

export interface TransactionInput {
  chainId: string;
  signers: TxSigner[];
  messages: ChainMessage[];
  memo?: string;
  registry?: Registry;
}

/** Signs what a signer signs (its SIGN_MODE_DIRECT sign doc) with its private key, as `signBytes` does. */
export type SignBytes = (privateKey: Uint8Array, bytes: Uint8Array) => Promise<Uint8Array>;

/** The body and auth info every signer signs, and each signer's sign doc (under its own account number). */
function unsignedTransaction(input: TransactionInput) {
  const registry = input.registry ?? defaultRegistry;
  const bodyBytes = registry.encode({
    typeUrl: '/cosmos.tx.v1beta1.TxBody',
    value: { messages: input.messages, memo: input.memo ?? '' },
  });
  const authInfoBytes = makeAuthInfoBytes(
    input.signers.map((signer) => ({ pubkey: encodePublicKey(signer.key.publicKey), sequence: signer.sequence })),
    [],
    GAS_LIMIT,
    undefined,
    undefined,
  );
  const signDocs = input.signers.map((signer) => makeSignBytes(makeSignDoc(bodyBytes, authInfoBytes, input.chainId, signer.accountNumber)));
  return { bodyBytes, authInfoBytes, signDocs };
}

const txRawBytes = ({ bodyBytes, authInfoBytes }: ReturnType<typeof unsignedTransaction>, signatures: Uint8Array[]): Uint8Array =>
  TxRaw.encode(TxRaw.fromPartial({ bodyBytes, authInfoBytes, signatures })).finish();

/**
 * Builds a SIGN_MODE_DIRECT transaction and returns its TxRaw bytes. Every signer signs the same body
 * and auth info, each under its own account number; signers must be listed in the order the chain
 * derives them from the messages (first appearance of each message's signers).
 */
export function signTransaction(input: TransactionInput): Uint8Array {
  const unsigned = unsignedTransaction(input);
  return txRawBytes(
    unsigned,
    input.signers.map((signer, index) => signBytes(signer.key.privateKey, unsigned.signDocs[index]!)),
  );
}

/** `signTransaction` with the signatures made by `sign` (on another thread, say). */
export async function signTransactionWith(sign: SignBytes, input: TransactionInput): Promise<Uint8Array> {
  const unsigned = unsignedTransaction(input);
  return txRawBytes(unsigned, await Promise.all(input.signers.map((signer, index) => sign(signer.key.privateKey, unsigned.signDocs[index]!))));
}

/** As on Cosmos: upper-case hex SHA-256 of the TxRaw bytes. */
export const txHash = (txRawBytes: Uint8Array): string => toHex(sha256(txRawBytes)).toUpperCase();
