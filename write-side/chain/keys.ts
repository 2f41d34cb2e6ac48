import { createCipheriv, createDecipheriv, createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';
import { Random, Secp256k1 } from '@cosmjs/crypto';
import { fromBech32, toBech32 } from '@cosmjs/encoding';
import { ripemd160, sha256 } from './hashes';

/** A secp256k1 custody key as the platform holds it: the private key is only ever stored sealed. */
export interface CustodyKey {
  address: string;
  /** 33-byte compressed public key. */
  publicKey: Uint8Array;
  privateKey: Uint8Array;
}

/** Key accounts are ripemd160(sha256(pubkey)); module accounts such as group policies are 32-byte hashes (ADR-028). */
const KEY_ADDRESS_LENGTH = 20;
const MODULE_ADDRESS_LENGTH = 32;

export function addressFromPublicKey(compressedPublicKey: Uint8Array, prefix: string): string {
  return toBech32(prefix, ripemd160(sha256(compressedPublicKey)));
}

export function custodyKeyFromPrivateKey(privateKey: Uint8Array, prefix: string): CustodyKey {
  const publicKey = Secp256k1.compressPubkey(Secp256k1.makeKeypair(privateKey).pubkey);
  return { address: addressFromPublicKey(publicKey, prefix), publicKey, privateKey: Uint8Array.from(privateKey) };
}

export function generateCustodyKey(prefix: string): CustodyKey {
  for (;;) {
    const candidate = Random.getBytes(32);
    // A random 32-byte string is outside the curve order with probability ~2^-128; draw again then.
    try {
      return custodyKeyFromPrivateKey(candidate, prefix);
    } catch {
      continue;
    }
  }
}

/** Cosmos SDK style: a 64-byte r||s signature over sha256(bytes), deterministic (RFC 6979) and low-S. */
export function signBytes(privateKey: Uint8Array, bytes: Uint8Array): Uint8Array {
  const signature = Secp256k1.createSignature(sha256(bytes), privateKey);
  return new Uint8Array([...signature.r(32), ...signature.s(32)]);
}

const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HALF_CURVE_ORDER = CURVE_ORDER >> 1n;
// SubjectPublicKeyInfo header for an id-ecPublicKey on secp256k1 with a 33-byte compressed point.
const SPKI_SECP256K1_COMPRESSED = Buffer.from('3036301006072a8648ce3d020106052b8104000a032200', 'hex');
/** Parsed once per key: accounts sign again and again. */
const publicKeyObjects = new Map<string, KeyObject>();

function publicKeyObject(compressedPublicKey: Uint8Array): KeyObject | null {
  const id = Buffer.from(compressedPublicKey).toString('hex');
  let key = publicKeyObjects.get(id);
  if (!key) {
    try {
      key = createPublicKey({ key: Buffer.concat([SPKI_SECP256K1_COMPRESSED, compressedPublicKey]), format: 'der', type: 'spki' });
    } catch {
      return null; // not a point on the curve
    }
    publicKeyObjects.set(id, key);
  }
  return key;
}

/**
 * Signatures found valid lately, by public key, signature and digest of the signed bytes: the embedded
 * chain checks a transaction's signature when it enters the mempool and again when its block executes,
 * and the second check is then a look-up. Only successes are kept, and only the latest ones.
 */
const verified = new Set<string>();
const VERIFIED_KEPT = 4096;

/**
 * What checking a signature still takes: a verdict known without OpenSSL (false for a malformed or
 * malleable high-S signature or a key off the curve, true for one verified lately), or OpenSSL's verify
 * with this key, to be remembered under this id when it succeeds.
 */
function pendingCheck(compressedPublicKey: Uint8Array, bytes: Uint8Array, signature: Uint8Array): boolean | { id: string; key: KeyObject } {
  if (compressedPublicKey.length !== 33 || signature.length !== 64) return false;
  const s = BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`);
  if (s === 0n || s > HALF_CURVE_ORDER) return false;
  const id = `${Buffer.from(compressedPublicKey).toString('hex')}:${Buffer.from(signature).toString('hex')}:${Buffer.from(sha256(bytes)).toString('hex')}`;
  if (verified.has(id)) return true;
  const key = publicKeyObject(compressedPublicKey);
  return key ? { id, key } : false;
}

function rememberVerified(id: string): void {
  verified.add(id);
  if (verified.size > VERIFIED_KEPT) verified.delete(verified.values().next().value!);
}

/**
 * Verifies with OpenSSL (several times faster than the pure-JS curve, which matters when a block or a
 * replay checks thousands of signatures) and, like the Cosmos SDK, refuses malleable high-S signatures.
 */
export function verifySignature(compressedPublicKey: Uint8Array, bytes: Uint8Array, signature: Uint8Array): boolean {
  const check = pendingCheck(compressedPublicKey, bytes, signature);
  if (typeof check === 'boolean') return check;
  if (!verify('sha256', bytes, { key: check.key, dsaEncoding: 'ieee-p1363' }, signature)) return false;
  rememberVerified(check.id);
  return true;
}

/**
 * verifySignature's check on libuv's thread pool (OpenSSL's verify given a callback), remembered the
 * same way: the embedded chain checks a transaction's signatures so before its CheckTx, whose own check
 * is then a look-up, and the event loop that serves payments does not wait 0.5-1 ms in OpenSSL per
 * settlement batch.
 */
export function verifySignatureOffThread(compressedPublicKey: Uint8Array, bytes: Uint8Array, signature: Uint8Array): Promise<boolean> {
  const check = pendingCheck(compressedPublicKey, bytes, signature);
  if (typeof check === 'boolean') return Promise.resolve(check);
  return new Promise((resolve) =>
    verify('sha256', bytes, { key: check.key, dsaEncoding: 'ieee-p1363' }, signature, (error, valid) => {
      if (!error && valid) rememberVerified(check.id);
      resolve(!error && valid);
    }),
  );
}

/** BIP-173's length limit, passed explicitly: CosmJS' default (Infinity) is refused by @scure/base 2. */
const BECH32_LIMIT = 90;

export function isValidAddress(address: string, prefix: string): boolean {
  try {
    const decoded = fromBech32(address, BECH32_LIMIT);
    return (
      decoded.prefix === prefix &&
      address === address.toLowerCase() &&
      (decoded.data.length === KEY_ADDRESS_LENGTH || decoded.data.length === MODULE_ADDRESS_LENGTH)
    );
  } catch {
    return false;
  }
}

const SEALED_KEY_VERSION = 'v1';
const KEY_ENCRYPTION_KEY_BYTES = 32;

function assertKeyEncryptionKey(keyEncryptionKey: Uint8Array): void {
  if (keyEncryptionKey.length !== KEY_ENCRYPTION_KEY_BYTES)
    throw new Error(`the key-encryption key must be ${KEY_ENCRYPTION_KEY_BYTES} bytes`);
}

/** AES-256-GCM; the result names its version so that a later scheme can still open older keys. */
export function encryptPrivateKey(privateKey: Uint8Array, keyEncryptionKey: Uint8Array): string {
  assertKeyEncryptionKey(keyEncryptionKey);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyEncryptionKey, iv);
  const ciphertext = Buffer.concat([cipher.update(privateKey), cipher.final()]);
  return [SEALED_KEY_VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
    .join(':');
}

export function decryptPrivateKey(sealed: string, keyEncryptionKey: Uint8Array): Uint8Array {
  assertKeyEncryptionKey(keyEncryptionKey);
  const [version, iv, tag, ciphertext, ...rest] = sealed.split(':');
  if (version !== SEALED_KEY_VERSION || !iv || !tag || !ciphertext || rest.length > 0)
    throw new Error('not a sealed custody key');
  const decipher = createDecipheriv('aes-256-gcm', keyEncryptionKey, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]));
}

/** Opens a sealed private key back into a custody key (the address is recomputed, never trusted from storage). */
export function openCustodyKey(sealed: string, keyEncryptionKey: Uint8Array, prefix: string): CustodyKey {
  return custodyKeyFromPrivateKey(decryptPrivateKey(sealed, keyEncryptionKey), prefix);
}
