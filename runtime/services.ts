import type { KeyObject } from 'node:crypto';
import type { Knex } from 'knex';
import type { ProjectionRunner } from '../projections/runner';
import type { Chain } from '../write-side/chain/chain';
import type { CustodyKey } from '../write-side/chain/keys';
import type { CommandHandler } from '../write-side/command-handler';
import type { EventStore } from '../write-side/event-store/event-store';
import type { InstantPaymentsDeps } from '../write-side/instant-payments/commands';
import type { MailPort } from '../write-side/mail/mail';
import type { ProposalExecution } from '../write-side/processes/proposal-execution';
import type { Settlement } from '../write-side/processes/settlement';
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
 * Everything a route handler may use. Routes call command handlers (write side) and queries (read
 * side); they never touch a table themselves.
 */
export interface Services {
  config: Config;
  logger: Logger;
  db: Knex;
  eventStore: EventStore;
  commands: CommandHandler;
  /** The projection runner: it runs only while this process is the elected leader (`Runtime.leader`). */
  projections: ProjectionRunner;
  healthChecks: HealthCheck[];
  /** Secret for access and client tokens (HS256), as a KeyObject so that signing and verifying parse no key. */
  jwtSecret: KeyObject;
  /** Seals custody private keys at rest (AES-256-GCM, 32 bytes). */
  keyEncryptionKey: Buffer;
  /** Invitation and password-reset mail. */
  mail: MailPort;
  /** The ledger chain (embedded by default, CHAIN=cosmos for a node). */
  chain: Chain;
  /** The platform's chain operator key: native-denom genesis admin, signer of account (group) creation. */
  chainOperator: CustodyKey;
  /** The Prometheus metrics served at GET /metrics. */
  metrics: Metrics;
  /** The proposal-execution process manager: runs accepted proposals on the chain. */
  proposalExecution: ProposalExecution;
  /** The Instant Payments engine: one single-writer ledger per bank, and read-your-writes on its read model. */
  payments: InstantPaymentsDeps;
  /** The Instant Payments settlement process manager: batches each bank's cross-bank payments into one chain transaction per block. */
  settlement: Settlement;
  /** Turns verified access-token claims into the current principal; null when the user is gone or deactivated. */
  resolvePrincipal(claims: AccessTokenClaims): Promise<import('../api/abilities').Principal | null>;
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
