import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import pg from 'pg';
import { createKnex, createPool, migrateToLatest } from '../runtime/database';
import { ConcurrencyError, type NewEvent } from '../write-side/event-store/event-store';
import { PostgresEventStore } from '../write-side/event-store/postgres-event-store';
import { envNumber } from './support/env';

/**
 * `npm run bench:store`: append throughput and latency of the PostgreSQL event store, with WRITERS
 * concurrent writers appending with expected versions: on distinct streams (one and five events per
 * append), and on one hot stream, where writers conflict and retry. Runs on a scratch database it
 * creates on the DATABASE_URL server and drops afterwards.
 *
 * BENCH_WRITERS (default 32) and BENCH_SECONDS (default 5 per scenario) tune it.
 */
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WRITERS = envNumber('BENCH_WRITERS', 'count', 32);
const SECONDS = envNumber('BENCH_SECONDS', 'positive', 5);

interface ScenarioResult {
  name: string;
  events: number;
  appends: number;
  conflicts: number;
  seconds: number;
  latenciesMs: number[];
}

const metadata: NewEvent['metadata'] = {
  actorId: null,
  organizationId: null,
  correlationId: 'bench',
  causationId: null,
  occurredAt: new Date(0).toISOString(),
  schemaVersion: 1,
};

const newEvent = (sequence: number): NewEvent => ({
  id: randomUUID(),
  type: 'BenchmarkEventRecorded',
  data: { sequence, note: 'a payload of realistic size for a ledger event' },
  metadata,
});

async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Each writer appends `eventsPerAppend` events at a time until the time is up. On a conflict it re-reads
 * the stream for its version, as a command handler would, pauses a moment (jittered, like the command
 * handler) and tries again; the latency of an append includes its retries.
 */
async function runScenario(
  store: PostgresEventStore,
  name: string,
  eventsPerAppend: number,
  streamOf: (writer: number) => string,
): Promise<ScenarioResult> {
  const latenciesMs: number[] = [];
  let conflicts = 0;
  const started = process.hrtime.bigint();
  const deadline = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      const streamId = streamOf(writer);
      let version = (await store.readStream(streamId)).length;
      while (Date.now() < deadline) {
        const events = Array.from({ length: eventsPerAppend }, (_, index) => newEvent(version + index));
        const began = process.hrtime.bigint();
        for (let attempt = 1; ; attempt++) {
          try {
            version = (await store.append(streamId, events, version)).nextExpectedVersion;
            break;
          } catch (error) {
            if (!(error instanceof ConcurrencyError)) throw error;
            conflicts++;
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
            version = (await store.readStream(streamId)).length;
          }
        }
        latenciesMs.push(Number(process.hrtime.bigint() - began) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { name, events: latenciesMs.length * eventsPerAppend, appends: latenciesMs.length, conflicts, seconds, latenciesMs };
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;

function report(result: ScenarioResult): string {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  return [
    result.name.padEnd(34),
    `${Math.round(result.events / result.seconds).toLocaleString('en')} events/s`.padStart(16),
    `p50 ${percentile(sorted, 0.5).toFixed(2)} ms`.padStart(14),
    `p99 ${percentile(sorted, 0.99).toFixed(2)} ms`.padStart(15),
    `  ${result.appends.toLocaleString('en')} appends, ${result.conflicts.toLocaleString('en')} conflicts retried`,
  ].join('  ');
}

async function main(): Promise<void> {
  const database = `emisor_bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  const serverVersion = await withServer(async (client) => {
    await client.query(`create database ${database}`);
    return (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
  });
  const pool = createPool(url.toString(), WRITERS + 2);
  // pool.end() resolves before its sockets close; dropping the database may then reach one of them.
  pool.on('error', () => undefined);
  try {
    const db = createKnex(url.toString(), 1);
    await migrateToLatest(db);
    await db.destroy();
    const store = new PostgresEventStore(pool);

    const processors = cpus();
    console.log(`Machine:    ${processors[0]?.model ?? 'unknown CPU'} × ${processors.length}, ${Math.round(totalmem() / 2 ** 30)} GiB`);
    console.log(`Runtime:    Node ${process.version}, PostgreSQL ${serverVersion} (${url.host})`);
    console.log(`Workload:   ${WRITERS} concurrent writers, expected versions, ${SECONDS} s per scenario`);

    const run = Date.now().toString(36);
    await runScenario(store, 'warm-up', 1, (writer) => `warmup-${run}-${writer}`);
    const results = [
      await runScenario(store, 'distinct streams, 1 event/append', 1, (writer) => `account-${run}-${writer}`),
      await runScenario(store, 'distinct streams, 5 events/append', 5, (writer) => `payment-${run}-${writer}`),
      await runScenario(store, 'one hot stream, 1 event/append', 1, () => `hot-${run}`),
    ];
    console.log('Latency is per append, retries included:');
    for (const result of results) console.log(report(result));
  } finally {
    await pool.end();
    await withServer((client) => client.query(`drop database if exists ${database} with (force)`));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
