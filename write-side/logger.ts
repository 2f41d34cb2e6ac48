/**
 * The log the domain's processes write to: fields, then a message. The runtime provides it (pino,
 * runtime/logger.ts); the write side declares only what it calls.
 */
export interface Logger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
  /** A logger whose every line carries these fields too. */
  child(fields: Record<string, unknown>): Logger;
}
