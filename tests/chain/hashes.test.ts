import { ripemd160, sha256 } from '../../write-side/chain/hashes';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const utf8 = (text: string) => new TextEncoder().encode(text);

// Test vectors from FIPS 180-2 (SHA-256) and the RIPEMD-160 authors' page.
describe('the chain hashes', () => {
  it('sha256 gives the standard digests', () => {
    expect(hex(sha256(utf8('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(utf8('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('ripemd160 gives the standard digests', () => {
    expect(hex(ripemd160(utf8('')))).toBe('9c1185a5c5e9fc54612808977ee8f548b2258d31');
    expect(hex(ripemd160(utf8('abc')))).toBe('8eb208f7e05d987a9b044a8e98c6b087f15a0bfc');
  });
});
