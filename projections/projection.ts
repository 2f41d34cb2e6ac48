import type { Knex } from 'knex';
import type { RecordedEvent } from '../write-side/event-store/event-store';

/**
 * A read model: folds events into rows of the tables it owns. `apply` runs inside the runner's
 * transaction, together with the checkpoint update, so an event is applied exactly once.
 * A projection never calls the chain or another service.
 */
export interface Projection {
  name: string;
  /** Tables this projection owns; a rebuild truncates them before replaying. */
  tables: string[];
  /** Event types it reacts to; others only advance its checkpoint. */
  handles: readonly string[];
  apply(trx: Knex.Transaction, event: RecordedEvent): Promise<void>;
  /**
   * Optional: folds several handled events at once, in order (set-based writes instead of statements
   * per event); when present the runner calls it instead of `apply`.
   */
  applyBatch?(trx: Knex.Transaction, events: RecordedEvent[]): Promise<void>;
}
