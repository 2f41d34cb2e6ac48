import type { Knex } from 'knex';
import type { Chain } from './chain/chain';
import type { CustodyKey } from './chain/keys';
import type { CommandHandler } from './command-handler';
import type { EventStore } from './event-store/event-store';
import type { Logger } from './logger';
import type { MailPort } from './mail/mail';
import type { ProposalExecution } from './processes/proposal-execution';

/** The settings the domain reads; the runtime's configuration (runtime/config.ts) provides them. */
export interface DomainSettings {
  /** Bech32 prefix of every address on the chain. */
  CHAIN_PREFIX: string;
  NATIVE_DENOM: string;
  /** scrypt cost (log2 N) of password hashes. */
  PASSWORD_HASH_COST: number;
  PASSWORD_RESET_EXPIRY_MINUTES: number;
  INVITATION_EXPIRY_HOURS: number;
  /** Milliseconds. */
  JWT_REFRESH_EXPIRATION: number;
  REFRESH_GRACE_SECONDS: number;
  /** Milliseconds. */
  PROPOSAL_VOTING_PERIOD: number;
  /** Where the links in mails point: the portal, else the service's public address, else its port here. */
  PORTAL_URL?: string;
  PUBLIC_URL?: string;
  PORT: number;
  /** The IANA zone whose calendar days bound per-day limits (the bridging disbursement limit). */
  TIME_ZONE: string;
}

/**
 * What the write side's commands and processes need from the process that runs them. Declared here
 * and provided by the runtime (runtime/services.ts, whose Services extends it), so that the domain
 * imports no wiring; each command takes the few of them it uses (`Pick<WriteSidePorts, …>`).
 */
export interface WriteSidePorts {
  config: DomainSettings;
  logger: Logger;
  /** The read models: the facts a command gathers before its decider judges (an e-mail taken, a member's roles). */
  db: Knex;
  eventStore: EventStore;
  commands: CommandHandler;
  /** Seals custody private keys at rest (AES-256-GCM, 32 bytes). */
  keyEncryptionKey: Buffer;
  /** Invitation and password-reset mail. */
  mail: MailPort;
  /** The ledger chain (embedded by default, CHAIN=cosmos for a node). */
  chain: Chain;
  /** The platform's chain operator key: native-denom genesis admin, signer of account (group) creation. */
  chainOperator: CustodyKey;
  /** The proposal-execution process manager: runs accepted proposals on the chain. */
  proposalExecution: ProposalExecution;
}
