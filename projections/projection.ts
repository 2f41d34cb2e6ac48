import type { Knex } from 'knex';
import type { RecordedEvent } from '../write-side/event-store/event-store';

/**
 * A read model: folds events into rows of the tables it owns. The runner hands it every event it
 * handles of one batch, in global order, inside one transaction that also moves its checkpoint, so a
 * batch is applied exactly once or not at all. A projection writes a batch with set-based statements
 * (a few per table, however many events the batch holds) and never calls the chain or another service.
 */
export interface Projection {
  name: string;
  /** Tables this projection owns; a rebuild truncates them before replaying. */
  tables: string[];
  /** Event types it reacts to; others only advance its checkpoint. */
  handles: readonly string[];
  /** Folds a non-empty batch of handled events, oldest first. */
  applyBatch(trx: Knex.Transaction, events: RecordedEvent[]): Promise<void>;
}

