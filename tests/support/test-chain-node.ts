import { randomUUID } from 'node:crypto';
import { startChainNode } from '../../chain-node/node';
import { chainOperatorKey } from '../../runtime/chain-operator';
import type { Config } from '../../runtime/config';
import { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import type { TestDatabase } from './test-database';

export interface TestChainNode {
  url: string;
  close(): Promise<void>;
}

/** Which chain the service suites run against: `embedded` (default) or `cosmos` (TEST_CHAIN=cosmos). */
export const testChainMode = (): 'embedded' | 'cosmos' => (process.env.TEST_CHAIN === 'cosmos' ? 'cosmos' : 'embedded');

/**
 * A chain node (as `npm run chain` runs it) for one test service: its blocks on a stream of their own
 * in the test database, which the service never reads; the service reaches it only over the CometBFT
 * RPC. Its genesis operator is the one the service derives from the same key-encryption key.
 */
export async function startTestChainNode(database: TestDatabase, config: Config): Promise<TestChainNode> {
  const operator = chainOperatorKey(Buffer.from(config.KEY_ENCRYPTION_KEY!, 'hex'), config.CHAIN_PREFIX);
  return startChainNode({
    store: new PostgresEventStore(database.pool),
    streamId: `chain-node-blocks-${randomUUID()}`,
    genesis: { chainId: config.CHAIN_ID, prefix: config.CHAIN_PREFIX, operatorAddress: operator.address, nativeDenom: config.NATIVE_DENOM },
    blockMs: config.CHAIN_BLOCK_MS,
    port: 0,
  });
}
