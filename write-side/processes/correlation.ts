import type { Logger } from '../logger';
import type { RecordedEvent } from '../event-store/event-store';

/**
 * A process manager's steps keep the correlation id of the request that started the process, so that
 * the events it appends and the lines it logs trace back to that request (x-correlation-id). The
 * first event of the process's stream was appended by that request and carries it.
 */
export function correlationIdOf(recorded: readonly RecordedEvent[], fallback: string): string {
  return recorded[0]?.metadata.correlationId ?? fallback;
}

/** A logger whose every line of this step names the process's correlation id. */
export function stepLogger(logger: Logger, correlationId: string, fields: Record<string, string> = {}): Logger {
  return logger.child({ correlationId, ...fields });
}

/** Remembers processes' correlation ids by process id, forgetting all at a bound (a reload finds them again). */
export class Correlations {
  private readonly byId = new Map<string, string>();

  constructor(private readonly bound = 10_000) {}

  remember(id: string, recorded: readonly RecordedEvent[], fallback: string): string {
    const correlationId = correlationIdOf(recorded, fallback);
    if (this.byId.size >= this.bound) this.byId.clear();
    this.byId.set(id, correlationId);
    return correlationId;
  }

  of(id: string, fallback: string): string {
    return this.byId.get(id) ?? fallback;
  }
}
