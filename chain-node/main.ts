import { join } from 'node:path';
import { z } from 'zod';
import { chainOperatorKey } from '../runtime/chain-operator';
import { ConfigError, loadConfig, type Config } from '../runtime/config';
import type { Knex } from 'knex';
import type pg from 'pg';
import { createKnex, createPool, endPool, migrateToLatest } from '../runtime/database';
import { openServiceDatabase, type ServiceDatabase } from '../runtime/database-url';
import { createLogger } from '../runtime/logger';
import { loadSecrets } from '../runtime/secrets';
import { CHAIN_STREAM } from '../write-side/chain/embedded-chain';
import type { CustodyKey } from '../write-side/chain/keys';
import { PostgresChainHistory } from '../write-side/chain/history';
import { acquireEmbeddedChainLock } from '../write-side/chain/single-writer';
import { PostgresEventStore } from '../write-side/event-store/postgres-event-store';
import { startChainNode, type ChainNode } from './node';

const nodeSchema = z.object({
  CHAIN_RPC_PORT: z.coerce.number().int().min(0).max(65535).default(26657),
  CHAIN_RPC_HOST: z.string().min(1).default('127.0.0.1'),
});

/**
 * `npm run chain`: the embedded ledger chain as its own process. Its blocks live in DATABASE_URL (a
 * database of its own, not the service's) or in an embedded PostgreSQL under DATA_DIR/chain-node; its
 * genesis operator is the platform operator key derived from KEY_ENCRYPTION_KEY (or DATA_DIR's
 * secrets, the ones `npm start` uses with the same DATA_DIR), so the seed step can run against it.
 */
async function main(): Promise<void> {
  let config: Config;
  let node: z.infer<typeof nodeSchema>;
  try {
    config = loadConfig();
    const parsed = nodeSchema.safeParse(process.env);
    if (!parsed.success) throw new ConfigError(`Invalid configuration:\n${parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')}`);
    node = parsed.data;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  let database: ServiceDatabase | null = null;
  let db: Knex | null = null;
  let pool: pg.Pool | null = null;
  let chainNode: ChainNode | null = null;
  let stopping = false;
  // Whatever has started stops in reverse order, the embedded PostgreSQL last: on a signal, or when the start fails.
  const stop = async (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'chain node shutting down');
    await chainNode?.close().catch((error) => logger.error({ err: error }, 'chain node stop failed'));
    if (pool) await endPool(pool).catch(() => undefined);
    await db?.destroy().catch(() => undefined);
    await database?.stop().catch((error) => logger.error({ err: error }, 'embedded PostgreSQL stop failed'));
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
  let operator: CustodyKey;
  try {
    database = await openServiceDatabase({ DATABASE_URL: config.DATABASE_URL, DATA_DIR: join(config.DATA_DIR, 'chain-node') }, logger, {
      leaveSignalsToCaller: true,
    });
    db = createKnex(database.url, 2);
    await migrateToLatest(db);
    pool = createPool(database.url, 5);
    pool.on('error', (error) => logger.warn({ err: error }, 'idle PostgreSQL connection lost'));
    operator = chainOperatorKey(loadSecrets(config).keyEncryptionKey, config.CHAIN_PREFIX);
    chainNode = await startChainNode({
      store: new PostgresEventStore(pool),
      genesis: { chainId: config.CHAIN_ID, prefix: config.CHAIN_PREFIX, operatorAddress: operator.address, nativeDenom: config.NATIVE_DENOM },
      blockMs: config.CHAIN_BLOCK_MS,
      port: node.CHAIN_RPC_PORT,
      host: node.CHAIN_RPC_HOST,
      history: new PostgresChainHistory(db),
      lock: await acquireEmbeddedChainLock(database.url, CHAIN_STREAM),
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return stop('the start failed', 1);
  }
  console.log(
    [
      `Emisor chain node ${config.CHAIN_ID} at height ${await chainNode.chain.getHeight()}`,
      `  CometBFT RPC: ${chainNode.url}`,
      `  Operator:     ${operator.address} (genesis admin of ${config.NATIVE_DENOM})`,
      `  Blocks in:    ${config.DATABASE_URL ? '(DATABASE_URL)' : join(config.DATA_DIR, 'chain-node')}`,
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
