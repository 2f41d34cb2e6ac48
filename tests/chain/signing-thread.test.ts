import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { SigningThread } from '../../runtime/signing-thread';
import { generateCustodyKey, signBytes } from '../../write-side/chain/keys';
import { msgSend } from '../../write-side/chain/messages';
import { signTransaction, signTransactionWith } from '../../write-side/chain/transactions';

/** Settlement batches are signed on a thread of their own (runtime/signing-thread.ts), with the same signatures. */
describe('The signing thread', () => {
  const thread = new SigningThread();
  afterAll(() => thread.close());

  it('signs as signBytes does (RFC 6979: the very same signature), each request answered with its own', async () => {
    const keys = [generateCustodyKey('emisor'), generateCustodyKey('emisor')];
    const requests = Array.from({ length: 20 }, (_, n) => ({ key: keys[n % 2]!, bytes: randomBytes(100 + n) }));
    const signatures = await Promise.all(requests.map(({ key, bytes }) => thread.sign(key.privateKey, bytes)));
    expect(signatures.map((signature) => Buffer.from(signature).toString('hex'))).toEqual(
      requests.map(({ key, bytes }) => Buffer.from(signBytes(key.privateKey, bytes)).toString('hex')),
    );
  });

  it('makes the same transaction as signing on the calling thread', async () => {
    const key = generateCustodyKey('emisor');
    const input = {
      chainId: 'emisor-test',
      signers: [{ key, accountNumber: 7, sequence: 3 }],
      messages: [msgSend(key.address, generateCustodyKey('emisor').address, 125n, 'ulps')],
      memo: 'emisor settlement bank batch 1',
    };
    expect(Buffer.from(await signTransactionWith(thread.sign, input))).toEqual(Buffer.from(signTransaction(input)));
  });

  it('refuses a key that is not one, and goes on signing', async () => {
    const key = generateCustodyKey('emisor');
    await expect(thread.sign(new Uint8Array(32), new Uint8Array([1]))).rejects.toThrow(/signing failed/);
    expect(await thread.sign(key.privateKey, new Uint8Array([1]))).toEqual(signBytes(key.privateKey, new Uint8Array([1])));
  });

  it('never keeps the process alive: a process that signed and has nothing left to do exits', () => {
    const program = `
      const { SigningThread } = require(${JSON.stringify(resolve(__dirname, '../../runtime/signing-thread'))});
      const { generateCustodyKey } = require(${JSON.stringify(resolve(__dirname, '../../write-side/chain/keys'))});
      // The timer stands for the work that waits on the signature (a settlement pass); once it ends, nothing is left.
      const working = setInterval(() => undefined, 1000);
      new SigningThread().sign(generateCustodyKey('emisor').privateKey, new Uint8Array([3])).then((signature) => {
        console.log('signed', signature.length);
        clearInterval(working);
      });`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', program], { encoding: 'utf8', timeout: 30_000 });
    expect({ signal: child.signal, status: child.status, stdout: child.stdout.trim() }).toEqual({ signal: null, status: 0, stdout: 'signed 64' });
  });

  it('starts again after it was closed', async () => {
    const key = generateCustodyKey('emisor');
    await thread.close();
    expect(await thread.sign(key.privateKey, new Uint8Array([2]))).toEqual(signBytes(key.privateKey, new Uint8Array([2])));
  });
});
