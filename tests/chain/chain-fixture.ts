import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import type { TxResult } from '../../write-side/chain/chain';
import { EmbeddedChain } from '../../write-side/chain/embedded-chain';
import { generateCustodyKey, type CustodyKey } from '../../write-side/chain/keys';
import { msgMint } from '../../write-side/chain/messages';
import { signAndBroadcast } from '../../write-side/chain/signer';
import type { TestDatabase } from '../support/test-database';

export const CHAIN_ID = 'emisor-test-1';
export const PREFIX = 'emisor';
export const DENOM = 'ulps';

export interface ChainFixture {
  chain: EmbeddedChain;
  store: PostgresEventStore;
  streamId: string;
  operator: CustodyKey;
  start(): Promise<EmbeddedChain>;
}

/** An embedded chain on its own stream of the test database, with fast blocks. */
export async function startChain(database: TestDatabase, operator = generateCustodyKey(PREFIX)): Promise<ChainFixture> {
  const store = new PostgresEventStore(database.pool);
  const streamId = `chain-blocks-${randomUUID()}`;
  const start = () =>
    EmbeddedChain.start({
      store,
      streamId,
      blockMs: 20,
      genesis: { chainId: CHAIN_ID, prefix: PREFIX, operatorAddress: operator.address, nativeDenom: DENOM },
    });
  return { chain: await start(), store, streamId, operator, start };
}

export function expectSuccess(result: TxResult): TxResult {
  if (result.code !== 0) throw new Error(`tx failed with code ${result.code}: ${result.rawLog}`);
  return result;
}

/** The operator administers the native denom from genesis: it funds test accounts by minting. */
export async function fund(fixture: ChainFixture, address: string, amount: bigint): Promise<void> {
  expectSuccess(await signAndBroadcast(fixture.chain, [fixture.operator], [msgMint(fixture.operator.address, amount, DENOM, address)]));
}
