import type { Knex } from 'knex';
import type { Pool } from 'pg';
import { allProjections } from '../projections';
import type { Projection } from '../projections/projection';
import { ProjectionRunner } from '../projections/runner';
import { findPrincipal } from '../read-side/users';
import { createChain } from '../write-side/chain';
import { CommandHandler } from '../write-side/command-handler';
import { createEventStore } from '../write-side/event-store';
import { createMailPort } from '../write-side/mail/mail';
import { ProposalExecution } from '../write-side/processes/proposal-execution';
import { chainOperatorKey } from './chain-operator';
import type { Config } from './config';
import { createKnex, createPool, migrateToLatest } from './database';
import { createInstantPayments } from './instant-payments';
import type { Logger } from './logger';
import { loadSecrets, type Secrets } from './secrets';
import type { Services } from './services';

export interface Runtime {
  services: Services;
  secrets: Secrets;
  pool: Pool;
  db: Knex;
  /** Starts the projections and the background processes. */
  start(): Promise<void>;
  /** Stops everything it started and closes its connections. */
  stop(): Promise<void>;
}

/** Wires the service on one PostgreSQL database: migrations, event store, projections, handlers. */
export async function createRuntime(
  config: Config,
  databaseUrl: string,
  logger: Logger,
  options: { projections?: Projection[]; secrets?: Secrets } = {},
): Promise<Runtime> {
  const db = createKnex(databaseUrl);
  const pool = createPool(databaseUrl);
  // An idle connection dropped by the server must not take the process down; the next query reconnects.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle PostgreSQL connection lost'));
  await migrateToLatest(db);
  const secrets = options.secrets ?? loadSecrets(config);
  const eventStore = await createEventStore(config, pool);
  const chainOperator = chainOperatorKey(secrets.keyEncryptionKey, config.CHAIN_PREFIX);
  const chain = await createChain(config, eventStore, chainOperator);
  const projections = new ProjectionRunner(eventStore, db, options.projections ?? allProjections(), logger);
  const commands = new CommandHandler(
    eventStore,
    (position, timeoutMs) => projections.waitFor(position, timeoutMs),
    config.READ_YOUR_WRITES_TIMEOUT_MS,
  );
  const processServices = { eventStore, commands, db, logger, config, keyEncryptionKey: secrets.keyEncryptionKey, chain };
  const proposalExecution = new ProposalExecution(processServices);
  const instantPayments = createInstantPayments({ ...processServices, projections });
  const services: Services = {
    config,
    logger,
    db,
    eventStore,
    commands,
    projections,
    jwtSecret: secrets.jwtSecret,
    keyEncryptionKey: secrets.keyEncryptionKey,
    mail: createMailPort(config, db),
    chain,
    chainOperator,
    proposalExecution,
    payments: instantPayments.payments,
    settlement: instantPayments.settlement,
    healthChecks: [
      { name: 'database', check: async () => void (await db.raw('select 1')) },
      { name: 'eventStore', check: async () => eventStore.ping().then(() => ({ adapter: config.EVENT_STORE })) },
      { name: 'chain', check: async () => chain.status().then((status) => ({ adapter: config.CHAIN, ...status })) },
    ],
    resolvePrincipal: (claims) => findPrincipal(db, claims),
    resolveClient: instantPayments.resolveClient,
  };
  return {
    services,
    secrets,
    pool,
    db,
    start: async () => {
      await projections.start();
      services.proposalExecution.start();
      services.settlement.start();
    },
    stop: async () => {
      await services.proposalExecution.stop();
      await services.settlement.stop();
      await projections.stop();
      await chain.close();
      if (config.EVENT_STORE !== 'postgres') await eventStore.close();
      await pool.end();
      await db.destroy();
    },
  };
}
