import type { Knex } from 'knex';
import type { Pool } from 'pg';
import { allProjections } from '../projections';
import type { Projection } from '../projections/projection';
import { ProjectionRunner } from '../projections/runner';
import { findPrincipal } from '../read-side/users';
import { ChainDirectory, createChain } from '../write-side/chain';
import { OrganizationRoutedChain } from '../write-side/chain/routed-chain';
import { CommandHandler } from '../write-side/command-handler';
import { createEventStore } from '../write-side/event-store';
import { createMailPort } from '../write-side/mail/mail';
import { ProposalExecution } from '../write-side/processes/proposal-execution';
import { Settlement } from '../write-side/processes/settlement';
import { resolveClientId } from '../read-side/instant-payments';
import { chainOperatorKey } from './chain-operator';
import type { Config } from './config';
import { createKnex, createPool, migrateToLatest } from './database';
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
  const defaultChain = await createChain(config, eventStore, chainOperator, {
    onObserverError: (error) => logger.warn({ err: error }, 'chain observer: block not recorded yet'),
  });
  // PER_ORG_RPC_ENABLED: an organization's reads and broadcasts go to its own RPC endpoint when it set one.
  const chain = config.PER_ORG_RPC_ENABLED
    ? new OrganizationRoutedChain(defaultChain, new ChainDirectory(defaultChain, config), async (address) => {
        const row: { chain_rpc_url: string | null } | undefined = await db('accounts as a')
          .join('organizations as o', 'o.id', 'a.organization_id')
          .where('a.address', address)
          .first('o.chain_rpc_url');
        return row?.chain_rpc_url ?? null;
      })
    : defaultChain;
  const projections = new ProjectionRunner(eventStore, db, options.projections ?? allProjections(), logger);
  const commands = new CommandHandler(
    eventStore,
    (position, timeoutMs) => projections.waitFor(position, timeoutMs),
    config.READ_YOUR_WRITES_TIMEOUT_MS,
  );
  const processServices = { eventStore, commands, db, logger, config, keyEncryptionKey: secrets.keyEncryptionKey, chain };
  const proposalExecution = new ProposalExecution(processServices);
  const settlement = new Settlement(processServices);
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
    settlement,
    healthChecks: [
      { name: 'database', check: async () => void (await db.raw('select 1')) },
      { name: 'eventStore', check: async () => eventStore.ping().then(() => ({ adapter: config.EVENT_STORE })) },
      { name: 'chain', check: async () => chain.status().then((status) => ({ adapter: config.CHAIN, ...status })) },
    ],
    resolvePrincipal: (claims) => findPrincipal(db, claims),
    resolveClient: (claims) => resolveClientId(db, claims.sub),
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
