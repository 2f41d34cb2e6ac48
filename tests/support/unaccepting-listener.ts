import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

export interface UnacceptingListener {
  port: number;
  /** Opens `count` connections to it; the kernel completes them, the listener's process accepts none. */
  connect(count: number): Promise<Socket[]>;
  stop(): Promise<void>;
}

/**
 * A listening socket in a process of its own whose event loop stands still for `ms` once it listens:
 * connections made meanwhile wait in the kernel's accept queue, as they do in front of a busy service.
 */
export async function unacceptingListener(ms: number): Promise<UnacceptingListener> {
  const script = `const server = require('node:net').createServer((socket) => socket.destroy());
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(server.address().port + '\\n');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
  process.exit(0);
});`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  // Its port, or the reason it has none: a child that fails before it listens exits instead.
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (line: Buffer) => resolve(Number(line.toString().trim())));
    child.once('exit', (code) => reject(new Error(`the listener exited (${code}) before it listened`)));
  });
  const sockets: Socket[] = [];
  return {
    port,
    async connect(count) {
      const opened = Array.from({ length: count }, () => connect(port, '127.0.0.1'));
      sockets.push(...opened);
      await Promise.all(opened.map((socket) => once(socket, 'connect')));
      return opened;
    },
    async stop() {
      sockets.forEach((socket) => socket.destroy());
      if (child.exitCode === null) {
        child.kill();
        await once(child, 'exit');
      }
    },
  };
}
