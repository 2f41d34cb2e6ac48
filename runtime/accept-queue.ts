import { readFile } from 'node:fs/promises';

/** The kernel's tables of TCP sockets (Linux), IPv4 and IPv6: a listening socket's receive queue is its accept queue. */
const SOCKET_TABLES = ['/proc/net/tcp', '/proc/net/tcp6'];
const LISTEN = '0A';

/**
 * Connections the kernel has completed for the listening sockets on `port` and the process has not
 * accepted yet, in one of the kernel's socket tables (its `st` 0A rows; the `rx_queue` of a listening
 * socket is its accept queue); null when no listening socket on that port is in it.
 */
export function acceptQueueOf(table: string, port: number): number | null {
  let waiting: number | null = null;
  for (const row of table.split('\n').slice(1)) {
    const [, local, , state, queues] = row.trim().split(/\s+/);
    if (state !== LISTEN || !local || !queues) continue;
    if (Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) !== port) continue;
    waiting = (waiting ?? 0) + Number.parseInt(queues.slice(queues.indexOf(':') + 1), 16);
  }
  return waiting;
}

/**
 * Connections waiting to be accepted on `port`, over both tables; null where neither can be read (not
 * Linux) or neither has a listening socket on it. The event loop accepts one connection per turn
 * (libuv 1.45 and later): under load a burst of new connections waits here (docs/payments.md, "Connections").
 */
export async function acceptQueue(port: number): Promise<number | null> {
  // Read off the event loop: on a server with many connections the tables run to megabytes.
  const tables = await Promise.all(SOCKET_TABLES.map((path) => readFile(path, 'utf8').catch(() => null)));
  let waiting: number | null = null;
  for (const table of tables) {
    const found = table === null ? null : acceptQueueOf(table, port);
    if (found !== null) waiting = (waiting ?? 0) + found;
  }
  return waiting;
}
