import type { Knex } from 'knex';
import type { ProjectionRunner } from '../projections/runner';
import type { CommandHandler } from '../write-side/command-handler';
import type { EventStore } from '../write-side/event-store/event-store';
import type { Config } from './config';
import type { Logger } from './logger';

/** A dependency the health check reports on. */
export interface HealthCheck {
  name: string;
  check(): Promise<Record<string, unknown> | void>;
}

/**
 * Everything a route handler may use. Routes call command handlers (write side) and queries (read
 * side); they never touch a table themselves.
 */
export interface Services {
  config: Config;
  logger: Logger;
  db: Knex;
  eventStore: EventStore;
  commands: CommandHandler;
  projections: ProjectionRunner;
  healthChecks: HealthCheck[];
  /** Secret for access tokens (HS256). */
  jwtSecret: string;
  /** Turns verified access-token claims into the current principal; null when the user is gone or deactivated. */
  resolvePrincipal(claims: AccessTokenClaims): Promise<import('../api/abilities').Principal | null>;
  /** Turns a verified Instant Payments client token into the client's id; null when unknown. */
  resolveClient(claims: ClientTokenClaims): Promise<string | null>;
}

export interface AccessTokenClaims {
  sub: string;
  org: string;
  orgType: string;
  role: string;
  typ: 'access';
}

export interface ClientTokenClaims {
  sub: string;
  typ: 'client';
}
