import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import pg from 'pg';
import { createKnex, createPool, migrateToLatest } from '../runtime/database';
import { CHAIN_STREAM, EmbeddedChain } from '../write-side/chain/embedded-chain';
import { PostgresChainHistory } from '../write-side/chain/history';
import { generateCustodyKey } from '../write-side/chain/keys';
import { msgMint, msgSend } from '../write-side/chain/messages';
import { signAndBroadcast } from '../write-side/chain/signer';
import { PostgresEventStore } from '../write-side/event-store/postgres-event-store';
import { envNumber } from './support/env';

/**
 * `npm run bench:chain`: throughput and latency of the embedded ledger chain, with SENDERS signers
 * each keeping IN_FLIGHT sends pipelined for SECONDS; then it goes on sending until the chain holds
 * BENCH_HISTORY_TXS transactions (default 1,000,000) and times a restart, which reads the latest
 * snapshot and replays only the blocks after it (target: under 5 s at 1,000,000). FULL_REPLAY=1 also
 * times a start without snapshots (every block replayed and re-verified). Runs on a scratch database on
 * the DATABASE_URL server, dropped afterwards.
 */
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SENDERS = envNumber('BENCH_SENDERS', 'count', 50);
const IN_FLIGHT = envNumber('BENCH_IN_FLIGHT', 'count', 4);
const SECONDS = envNumber('BENCH_SECONDS', 'positive', 5);
const HISTORY_TXS = envNumber('BENCH_HISTORY_TXS', 'whole', 1_000_000);
const FULL_REPLAY = process.env.FULL_REPLAY === '1';
const DENOM = 'ulps';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const database = `emisor_bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  await admin(`create database ${database}`);
  const pool = createPool(url.toString(), 5);
  try {
    const db = createKnex(url.toString(), 2);
    await migrateToLatest(db);
    const history = new PostgresChainHistory(db);
    const store = new PostgresEventStore(pool);
    const operator = generateCustodyKey('emisor');
    const genesis = { chainId: 'emisor-bench', prefix: 'emisor', operatorAddress: operator.address, nativeDenom: DENOM };
    const chain = await EmbeddedChain.start({ store, genesis, history });
    const senders = Array.from({ length: SENDERS }, () => generateCustodyKey('emisor'));
    await signAndBroadcast(chain, [operator], senders.map((sender) => msgMint(operator.address, 1_000_000n, DENOM, sender.address)));

    const latenciesMs: number[] = [];
    const blockHeights = new Set<number>();
    let failures = 0;
    const started = Date.now();
    await Promise.all(
      senders.flatMap((sender, index) =>
        Array.from({ length: IN_FLIGHT }, async () => {
          const recipient = senders[(index + 1) % senders.length]!.address;
          while (Date.now() - started < SECONDS * 1000) {
            const began = performance.now();
            const result = await signAndBroadcast(chain, [sender], [msgSend(sender.address, recipient, 1n, DENOM)]);
            latenciesMs.push(performance.now() - began);
            if (result.code === 0) blockHeights.add(result.height);
            else failures++;
          }
        }),
      ),
    );
    const seconds = (Date.now() - started) / 1000;

    // History: the same senders go on until the chain holds BENCH_HISTORY_TXS transactions.
    let total = latenciesMs.length + 1;
    const historyStarted = Date.now();
    await Promise.all(
      senders.flatMap((sender, index) =>
        Array.from({ length: IN_FLIGHT }, async () => {
          const recipient = senders[(index + 1) % senders.length]!.address;
          while (total < HISTORY_TXS) {
            total++;
            await signAndBroadcast(chain, [sender], [msgSend(sender.address, recipient, 1n, DENOM)]);
          }
        }),
      ),
    );
    const historySeconds = (Date.now() - historyStarted) / 1000;
    const height = await chain.getHeight();
    await chain.close();

    const sorted = latenciesMs.sort((a, b) => a - b);
    const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!.toFixed(0);
    console.log(`Machine:   ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, Node ${process.version}`);
    console.log(`Workload:  ${SENDERS} senders × ${IN_FLIGHT} pipelined sends, ${SECONDS} s, blocks every 100 ms`);
    console.log(
      `Sends:     ${Math.round(latenciesMs.length / seconds)} tx/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ` +
        `${Math.round((latenciesMs.length - failures) / blockHeights.size)} tx per block, ${failures} failed`,
    );
    console.log(`History:   ${total} txs in ${height} blocks (${historySeconds.toFixed(0)} s to build)`);
    const snapshot = await history.snapshots.load(CHAIN_STREAM);
    const startupBegan = Date.now();
    const restarted = await EmbeddedChain.start({ store, genesis, history });
    const startupMs = Date.now() - startupBegan;
    console.log(
      `Start-up:  ${startupMs} ms from the snapshot at stream version ${snapshot?.version ?? 1} plus ${height + 1 - (snapshot?.version ?? 1)} blocks ` +
        `(height ${await restarted.getHeight()}; target under 5000 ms)`,
    );
    await restarted.close();
    if (FULL_REPLAY) {
      const replayBegan = Date.now();
      const replayed = await EmbeddedChain.start({ store, genesis });
      console.log(`Replay:    ${await replayed.getHeight()} blocks, ${total} txs replayed and re-verified in ${Date.now() - replayBegan} ms`);
      await replayed.close();
    }
    await db.destroy();
  } finally {
    await pool.end();
    await admin(`drop database if exists ${database} with (force)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
