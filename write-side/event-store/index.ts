import type { Pool } from 'pg';
import type { EventStore } from './event-store';
import { PostgresEventStore } from './postgres-event-store';

/** Which store the events go to: the runtime's configuration provides these. */
export interface EventStoreSettings {
  EVENT_STORE: 'postgres' | 'eventstoredb';
  /** Required with EVENT_STORE=eventstoredb. */
  EVENTSTORE_URL?: string;
}

/** The configured adapter: PostgreSQL by default, EventStoreDB with EVENT_STORE=eventstoredb. */
export async function createEventStore(config: EventStoreSettings, pool: Pool): Promise<EventStore> {
  if (config.EVENT_STORE === 'eventstoredb') {
    // Loaded only when chosen (its gRPC client is large), by require: the service runs under tsx's
    // require hook alone, without the module-loader thread that import() of a .ts file would need.
    const { EventStoreDbEventStore } = require('./eventstoredb-event-store') as typeof import('./eventstoredb-event-store');
    return EventStoreDbEventStore.connect(config.EVENTSTORE_URL!);
  }
  return new PostgresEventStore(pool);
}
