import { Worker } from 'node:worker_threads';
import type { SignBytes } from '../write-side/chain/transactions';

/**
 * The thread's program: `signBytes` of write-side/chain/keys.ts, loaded through tsx as the service's
 * own modules are, answering each request by its id.
 */
const PROGRAM = `
  require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();
  const { parentPort } = require('node:worker_threads');
  const { signBytes } = require(${JSON.stringify(require.resolve('../write-side/chain/keys'))});
  parentPort.on('message', ({ id, privateKey, bytes }) => {
    try {
      parentPort.postMessage({ id, signature: signBytes(privateKey, bytes) });
    } catch (error) {
      parentPort.postMessage({ id, error: String(error && error.message || error) });
    }
  });`;

interface Answer {
  id: number;
  signature?: Uint8Array;
  error?: string;
}

/**
 * Signs on a thread of its own. A settlement batch's signature is deterministic ECDSA (RFC 6979) in
 * JavaScript, ~1.4 ms on a slow host, once per bank and block: on the service's event loop that was
 * 6 % of its time under payment load, in blocks every payment in flight waited behind. The thread starts
 * when the process starts settling (or with the first signature), never keeps the process alive, and
 * starts again after a failure (the signatures it had not answered fail; their settlement runs are
 * tried again by its timer).
 */
export class SigningThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve(signature: Uint8Array): void; reject(error: Error): void }>();
  private nextId = 0;

  readonly sign: SignBytes = (privateKey, bytes) =>
    new Promise((resolve, reject) => {
      const id = ++this.nextId;
      this.pending.set(id, { resolve, reject });
      this.thread().postMessage({ id, privateKey, bytes });
    });

  /** Starts the thread ahead of the first signature (loading it takes a few hundred milliseconds). */
  start(): void {
    this.thread();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
    this.failPending(new Error('the signing thread was closed'));
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(PROGRAM, { eval: true });
    worker.on('message', ({ id, signature, error }: Answer) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (signature) waiting?.resolve(signature);
      else waiting?.reject(new Error(`signing failed: ${error}`));
    });
    const ended = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failPending(error);
    };
    worker.on('error', ended);
    worker.on('exit', (code) => ended(new Error(`the signing thread exited (${code})`)));
    // After the listeners: adding a 'message' listener refs the worker again.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private failPending(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
