import { createHash, hash } from 'node:crypto';

/**
 * The chain's hashes through OpenSSL: CosmJS's are pure JavaScript (noble), several times slower on the
 * settlement path, which hashes every batch transaction to sign it, to name it and to chain its block.
 */
export const sha256 = (bytes: Uint8Array): Uint8Array => new Uint8Array(hash('sha256', bytes, 'buffer'));

export const ripemd160 = (bytes: Uint8Array): Uint8Array => new Uint8Array(createHash('ripemd160').update(bytes).digest());
