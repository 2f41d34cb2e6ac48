import type { KeyObject } from 'node:crypto';
import type { ProjectionRunner } from '../projections/runner';
import type { InstantPaymentsDeps } from '../write-side/instant-payments/commands';
import type { Settlement } from '../write-side/processes/settlement';
import type { WriteSidePorts } from '../write-side/ports';
import type { Config } from './config';
import type { Logger } from './logger';
import type { Metrics } from './metrics';

/** A dependency the health check reports on: `check` resolves with details when it is up, rejects when not. */
export interface HealthCheck {
  name: string;
  check(): Promise<Record<string, unknown> | void>;
}

/** Rejects a health check with a reason and details safe to show anyone (no SQL, no addresses, no stack). */
export class CheckFailed extends Error {
  constructor(
    readonly reason: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(reason);
    this.name = 'CheckFailed';
  }
}

/**
 * Everything a route handler may use: the ports the write side declares (write-side/ports.ts), as this
 * runtime provides them, and the API's own. Routes call command handlers (write side) and queries
 * (read side); they never touch a table themselves.
 */
export interface Services extends WriteSidePorts {
  config: Config;
  logger: Logger;
  /** The projection runner: it runs only while this process is the elected leader (`Runtime.leader`). */
  projections: ProjectionRunner;
  healthChecks: HealthCheck[];
  /** Secret for access and client tokens (HS256), as a KeyObject so that signing and verifying parse no key. */
  jwtSecret: KeyObject;
  /** The Prometheus metrics served at GET /metrics. */
  metrics: Metrics;
  /** The Instant Payments engine: one single-writer ledger per bank, and read-your-writes on its read model. */
  payments: InstantPaymentsDeps;
  /** The Instant Payments settlement process manager: batches each bank's cross-bank payments into one chain transaction per block. */
  settlement: Settlement;
  /** Turns verified access-token claims into the current principal; null when the user is gone or deactivated. */
  resolvePrincipal(claims: AccessTokenClaims): Promise<import('../write-side/user/principal').Principal | null>;
  /** Turns a verified Instant Payments client token into its client; null when the client is gone, deactivated or the token revoked. */
  resolveClient(claims: ClientTokenClaims): Promise<ClientPrincipal | null>;
}

export interface AccessTokenClaims {
  sub: string;
  org: string;
  orgType: string;
  role: string;
  typ: 'access';
  /**
   * The session (refresh-token family) it was issued in; revoking the session ends the token too. Every
   * token this service issues has one; the token check refuses one without it.
   */
  sid?: string;
}

export interface ClientTokenClaims {
  /** The client. */
  sub: string;
  /** The client's bank: its ledger answers whether the token still holds. */
  org: string;
  typ: 'client';
  /** The token's id, which logout revokes. */
  jti: string;
  exp: number;
}

export interface ClientPrincipal {
  clientId: string;
  organizationId: string;
  tokenId: string;
  expiresAt: Date;
}
