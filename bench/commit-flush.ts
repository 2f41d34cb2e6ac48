import { performance } from 'node:perf_hooks';
import { sleepUntil } from './support/clock';
import { withClient } from './support/postgres';
import { summarize, type Summary } from './support/stats';

/**
 * The commit probe of `npm run bench:payments`: what one durable commit costs on the benchmark's
 * PostgreSQL with nothing else running. One connection inserts a row and commits (synchronous_commit
 * on, so each commit waits for its write-ahead log to be flushed) every INTERVAL_MS, for a number of
 * seconds, about as often as the service's ledgers commit their rounds. A flush the host's disk holds up
 * holds every commit on that server the same way, the service's, the minimal ledger's or this one's,
 * and a payment whose answer waits for that commit waits as long: the latency target is read beside it.
 */
export interface CommitFlushResult {
  seconds: number;
  latency: Summary;
  /** the commits over 50 ms: [seconds since the probe began, milliseconds], at most SLOW_KEPT */
  slow: Array<[number, number]>;
}

const INTERVAL_MS = 5;
const SLOW_KEPT = 20;

export function runCommitFlushProbe({ url, seconds }: { url: string; seconds: number }): Promise<CommitFlushResult> {
  return withClient(url, async (client) => {
    await client.query('set synchronous_commit = on');
    await client.query('create table if not exists commit_probe (at timestamptz not null default now())');
    try {
      const insert = { name: 'commit-probe', text: 'insert into commit_probe default values' };
      const latencies: number[] = [];
      const slow: Array<[number, number]> = [];
      const begin = performance.now();
      const deadline = begin + seconds * 1000;
      for (let next = begin; next < deadline; next += INTERVAL_MS) {
        await sleepUntil(next);
        const started = performance.now();
        // One statement outside a transaction block: its own transaction, committed and flushed.
        await client.query(insert);
        const took = performance.now() - started;
        latencies.push(took);
        if (took > 50 && slow.length < SLOW_KEPT) slow.push([(started - begin) / 1000, took]);
      }
      return { seconds: (performance.now() - begin) / 1000, latency: summarize(latencies), slow };
    } finally {
      await client.query('drop table if exists commit_probe');
    }
  });
}
