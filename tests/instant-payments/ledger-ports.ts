import { createLogger } from '../../runtime/logger';
import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { PostgresSnapshotStore } from '../../write-side/event-store/snapshots';
import type { LedgerPorts } from '../../write-side/instant-payments/ledger';
import type { TestDatabase } from '../support/test-database';

/**
 * A bank ledger's ports on a test database, for tests of the ledger alone: every bank ACTIVE, a
 * settlement balance of 10^12, nothing recorded in the read model before; `overrides` change any port.
 */
export const testLedgerPorts = (database: TestDatabase, store: PostgresEventStore, overrides: Partial<LedgerPorts> = {}): LedgerPorts => ({
  eventStore: store,
  snapshots: new PostgresSnapshotStore(database.knex),
  facts: {
    recorded: async ({ banks }) => ({ banks: new Map(banks.map((id) => [id, { status: 'ACTIVE' }])), payments: new Map(), movements: new Set() }),
    settlementBalance: async () => 10n ** 12n,
  },
  readModelReached: async () => true,
  logger: createLogger('silent'),
  ...overrides,
});
