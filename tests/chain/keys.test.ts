import { randomBytes } from 'node:crypto';
import { sha256 } from '@cosmjs/crypto';
import { toBech32 } from '@cosmjs/encoding';
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing';
import {
  addressFromPublicKey,
  custodyKeyFromPrivateKey,
  decryptPrivateKey,
  encryptPrivateKey,
  generateCustodyKey,
  isValidAddress,
  openCustodyKey,
  signBytes,
  verifySignature,
  verifySignatureOffThread,
} from '../../write-side/chain/keys';
import { groupPolicyAddress } from '../../write-side/chain/ledger-state';

const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

describe('custody keys', () => {
  const key = generateCustodyKey('emisor');

  it('derives the same compressed pubkey and address as a CosmJS wallet', async () => {
    expect(key.publicKey).toHaveLength(33);
    expect([2, 3]).toContain(key.publicKey[0]);
    const [account] = await (await DirectSecp256k1Wallet.fromKey(key.privateKey, 'emisor')).getAccounts();
    expect(key.address).toBe(account!.address);
    expect(Buffer.from(key.publicKey).equals(Buffer.from(account!.pubkey))).toBe(true);
    expect(addressFromPublicKey(key.publicKey, 'emisor')).toBe(key.address);
    expect(custodyKeyFromPrivateKey(key.privateKey, 'emisor')).toEqual(key);
  });

  it('signs 64-byte r||s signatures that verify, and refuses forgeries', () => {
    const message = new TextEncoder().encode('pay 100 ulps');
    const signature = signBytes(key.privateKey, message);
    expect(signature).toHaveLength(64);
    expect(signBytes(key.privateKey, message)).toEqual(signature); // RFC 6979: deterministic
    expect(verifySignature(key.publicKey, message, signature)).toBe(true);

    const flipped = Uint8Array.from(signature);
    flipped[5] ^= 0x01;
    expect(verifySignature(key.publicKey, message, flipped)).toBe(false);
    expect(verifySignature(key.publicKey, new TextEncoder().encode('pay 900 ulps'), signature)).toBe(false);
    expect(verifySignature(generateCustodyKey('emisor').publicKey, message, signature)).toBe(false);
    expect(verifySignature(key.publicKey, message, signature.subarray(0, 63))).toBe(false);
    expect(verifySignature(new Uint8Array(33).fill(7), message, signature)).toBe(false);
  });

  it('verifies on the thread pool with the same verdicts', async () => {
    const message = new TextEncoder().encode('pay 300 ulps, off the event loop');
    const signature = signBytes(key.privateKey, message);
    const flipped = Uint8Array.from(signature);
    flipped[9] ^= 0x01;
    const s = BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`);
    const highS = new Uint8Array([...signature.subarray(0, 32), ...Buffer.from((CURVE_ORDER - s).toString(16).padStart(64, '0'), 'hex')]);
    expect(await verifySignatureOffThread(key.publicKey, message, signature)).toBe(true);
    expect(await verifySignatureOffThread(key.publicKey, message, flipped)).toBe(false);
    expect(await verifySignatureOffThread(key.publicKey, new TextEncoder().encode('pay 900 ulps'), signature)).toBe(false);
    expect(await verifySignatureOffThread(generateCustodyKey('emisor').publicKey, message, signature)).toBe(false);
    expect(await verifySignatureOffThread(key.publicKey, message, highS)).toBe(false);
    expect(await verifySignatureOffThread(key.publicKey, message, signature.subarray(0, 63))).toBe(false);
    expect(await verifySignatureOffThread(new Uint8Array(33).fill(7), message, signature)).toBe(false);
  });

  it('refuses the malleable high-S twin of a valid signature, as the Cosmos SDK does', () => {
    const message = sha256(new TextEncoder().encode('malleable'));
    const signature = signBytes(key.privateKey, message);
    const s = BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`);
    const twin = new Uint8Array([...signature.subarray(0, 32), ...Buffer.from((CURVE_ORDER - s).toString(16).padStart(64, '0'), 'hex')]);
    expect(verifySignature(key.publicKey, message, twin)).toBe(false);
  });

  it('seals the private key with AES-256-GCM under the key-encryption key', () => {
    const kek = randomBytes(32);
    const sealed = encryptPrivateKey(key.privateKey, kek);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain(Buffer.from(key.privateKey).toString('base64'));
    expect(encryptPrivateKey(key.privateKey, kek)).not.toBe(sealed); // fresh IV each time
    expect(decryptPrivateKey(sealed, kek)).toEqual(key.privateKey);
    expect(openCustodyKey(sealed, kek, 'emisor')).toEqual(key);

    expect(() => decryptPrivateKey(sealed, randomBytes(32))).toThrow();
    const [version, iv, tag, ciphertext] = sealed.split(':');
    const tampered = Buffer.from(ciphertext!, 'base64');
    tampered[0] ^= 0x01;
    expect(() => decryptPrivateKey([version, iv, tag, tampered.toString('base64')].join(':'), kek)).toThrow();
    expect(() => decryptPrivateKey('v2:a:b:c', kek)).toThrow('not a sealed custody key');
    expect(() => encryptPrivateKey(key.privateKey, randomBytes(16))).toThrow('32 bytes');
  });

  it('validates addresses: prefix, checksum, case and length', () => {
    expect(isValidAddress(key.address, 'emisor')).toBe(true);
    expect(isValidAddress(key.address, 'cosmos')).toBe(false);
    expect(isValidAddress(key.address.toUpperCase(), 'emisor')).toBe(false);
    expect(isValidAddress(`${key.address.slice(0, -1)}${key.address.endsWith('q') ? 'p' : 'q'}`, 'emisor')).toBe(false);
    expect(isValidAddress(toBech32('emisor', new Uint8Array(16)), 'emisor')).toBe(false);
    expect(isValidAddress('not an address', 'emisor')).toBe(false);
    // Group policy accounts are 32-byte module addresses.
    expect(isValidAddress(groupPolicyAddress(1n, 'emisor'), 'emisor')).toBe(true);
  });

  it('derives group policy addresses as x/group does (ADR-028 module address of the policy sequence)', () => {
    // Vector from the Cosmos SDK's own x/auth migration test for group policy sequence 0.
    expect(groupPolicyAddress(0n, 'cosmos')).toBe('cosmos1q32tjg5qm3n9fj8wjgpd7gl98prefntrckjkyvh8tntp7q33zj0s5tkjrk');
    expect(groupPolicyAddress(1n, 'cosmos')).not.toBe(groupPolicyAddress(2n, 'cosmos'));
  });
});
