import { createSecretKey } from 'node:crypto';
import type { Knex } from 'knex';
import type { Pool } from 'pg';
import { allProjections } from '../projections';
import type { Projection } from '../projections/projection';
import { CommittedProgress } from '../projections/committed-progress';
import { balancesInlineWrite, balancesProjection } from '../projections/balances';
import { inlineWritersLock, ProjectionRunner } from '../projections/runner';
import { findPrincipal } from '../read-side/users';
import { ChainDirectory, createChain } from '../write-side/chain';
import { PostgresChainHistory } from '../write-side/chain/history';
import { OrganizationRoutedChain } from '../write-side/chain/routed-chain';
import { CommandHandler } from '../write-side/command-handler';
import { createEventStore } from '../write-side/event-store';
import type { EventStore, GlobalPosition } from '../write-side/event-store/event-store';
import { createMailPort } from '../write-side/mail/mail';
import { AccountCreationRecovery } from '../write-side/account/creation-recovery';
import { ProposalExecution } from '../write-side/processes/proposal-execution';
import { failedProjections } from '../read-side/projection-failures';
import { chainOperatorKey } from './chain-operator';
import type { Config } from './config';
import { createKnex, createPool, endPool, migrateToLatest } from './database';
import { createInstantPayments } from './instant-payments';
import { LeaderElection, leaderElected } from './leader';
import type { Logger } from './logger';
import { Metrics } from './metrics';
import { loadSecrets, type Secrets } from './secrets';
import { CheckFailed, type Services } from './services';
import { PostgresSettlementClaims } from './settlement-claims';

export interface Runtime {
  services: Services;
  secrets: Secrets;
  pool: Pool;
  db: Knex;
  /** Which process on the database runs the projections and the process managers' timers. */
  leader: LeaderElection;
  /** Joins the leader election: once elected, the process runs the projections and the background processes. */
  start(): Promise<void>;
  /** Stops everything it started and closes its connections. */
  stop(): Promise<void>;
}

/** `open`'s result; when it fails, `release` runs (its own failure aside) before the failure goes on. */
async function releasedOnFailure<T>(open: () => Promise<T>, release: () => Promise<void>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
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
  let openedStore: EventStore | null = null;
  /** The storage connections, last when the runtime stops (a PostgreSQL event store shares the pool). */
  const closeStorage = async () => {
    if (openedStore && config.EVENT_STORE !== 'postgres') await openedStore.close();
    await endPool(pool);
    await db.destroy();
  };
  const readModels = options.projections ?? allProjections();
  // A start that fails (a migration refused, another process running the embedded chain) leaves no
  // connection open behind it: a caller that goes on (a supervisor, a test) would hold them until they idle out.
  const { secrets, eventStore, chainOperator, defaultChain } = await releasedOnFailure(async () => {
    await migrateToLatest(db);
    const secrets = options.secrets ?? loadSecrets(config);
    const eventStore = (openedStore = await createEventStore(config, pool));
    const chainOperator = chainOperatorKey(secrets.keyEncryptionKey, config.CHAIN_PREFIX);
    const defaultChain = await createChain(config, eventStore, chainOperator, {
      onObserverError: (error) => logger.warn({ err: error }, 'chain observer: block not recorded yet'),
      databaseUrl,
      history: new PostgresChainHistory(db),
      // Each block's balances are written with it: its settlement is read at once, and the runner spends
      // no transaction on it (the runner still folds what the chain appends alone, and a rebuild all).
      readModel: readModels.includes(balancesProjection)
        ? { name: balancesProjection.name, writeFor: (events) => balancesInlineWrite(events, config.CHAIN_ID, inlineWritersLock(balancesProjection.name)) }
        : undefined,
    });
    return { secrets, eventStore, chainOperator, defaultChain };
  }, closeStorage);
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
  const eventsInDatabase = config.EVENT_STORE === 'postgres';
  const metrics = new Metrics({ db, chain, eventsInDatabase, projections: readModels, reached: () => projections.reachedPositions() });
  metrics.instrumentEventStore(eventStore);
  // The projections run in the elected leader only (started and stopped with its leadership, below).
  const projections = new ProjectionRunner(eventStore, db, readModels, logger, { onApplied: (name, events) => metrics.projectionApplied(name, events) });
  let projectionsHere = false;
  // Elsewhere read-your-writes waits on the checkpoints the leader commits, woken by its announcements.
  const committedProgress = new CommittedProgress(db, databaseUrl, readModels, logger, { eventsInDatabase });
  const readModelsReached = async (position: GlobalPosition, timeoutMs: number, names?: readonly string[]) => {
    if (!projectionsHere) return committedProgress.waitFor(position, timeoutMs, names);
    const started = Date.now();
    const reached = await projections.waitFor(position, timeoutMs, names);
    if (reached || projectionsHere) return reached;
    // The process stepped down while it waited: the new leader's checkpoints tell, in the time left.
    return committedProgress.waitFor(position, Math.max(0, timeoutMs - (Date.now() - started)), names);
  };
  const commands = new CommandHandler(
    eventStore,
    (position, timeoutMs, needs) =>
      readModelsReached(position, timeoutMs, needs.readModels ?? (needs.eventTypes && projections.projectionsFor(needs.eventTypes))),
    config.READ_YOUR_WRITES_TIMEOUT_MS,
  );
  const processServices = { eventStore, commands, db, logger, config, keyEncryptionKey: secrets.keyEncryptionKey, chain };
  const proposalExecution = new ProposalExecution(processServices);
  const accountCreationRecovery = new AccountCreationRecovery({ ...processServices, chainOperator });
  // Each bank is settled by one process at a time: the one its payments come through (the leader for a bank nobody serves).
  const settlementClaims = new PostgresSettlementClaims(databaseUrl, logger, () => instantPayments.settlement.claimsLost());
  const instantPayments = createInstantPayments({
    ...processServices,
    projections: { waitFor: readModelsReached },
    onRoundRetried: (organizationId, reason) => metrics.ledgerRoundRetried(organizationId, reason),
    onBatchSettled: (payments, settledAt) => metrics.paymentsSettled(payments, settledAt),
    claims: settlementClaims,
  });
  const services: Services = {
    config,
    logger,
    db,
    eventStore,
    commands,
    projections,
    jwtSecret: createSecretKey(Buffer.from(secrets.jwtSecret, 'utf8')),
    keyEncryptionKey: secrets.keyEncryptionKey,
    mail: createMailPort(config, db),
    chain,
    chainOperator,
    metrics,
    proposalExecution,
    payments: instantPayments.payments,
    settlement: instantPayments.settlement,
    healthChecks: [
      { name: 'database', check: async () => void (await db.raw('select 1')) },
      { name: 'eventStore', check: async () => eventStore.ping().then(() => ({ adapter: config.EVENT_STORE })) },
      { name: 'chain', check: async () => chain.status().then((status) => ({ adapter: config.CHAIN, ...status })) },
      {
        name: 'projections',
        check: async () => {
          const failed = await failedProjections(db);
          if (failed.length > 0)
            throw new CheckFailed(`stopped: ${failed.map((failure) => failure.projection).join(', ')}`, {
              failed: failed.map(({ projection, eventType, position, failedAt }) => ({ projection, eventType, position, failedAt: failedAt.toISOString() })),
            });
          if (projectionsHere) return { projections: readModels.length, runIn: 'this process (the leader)' };
          // A follower's writes wait for the leader's projections: without a leader they would never answer.
          if (!(await leaderElected(db))) throw new CheckFailed('no process leads: the projections are not running');
          return { projections: readModels.length, runIn: 'the leader (another process)' };
        },
      },
    ],
    resolvePrincipal: (claims) => findPrincipal(db, claims),
    resolveClient: instantPayments.resolveClient,
  };
  // Projections and process managers' timers run in one elected process. A new leader's runner goes
  // on from the checkpoints its predecessor committed; the process managers read the read models.
  const leader = new LeaderElection(
    databaseUrl,
    {
      start: async () => {
        projectionsHere = true;
        await projections.start();
        services.proposalExecution.start();
        services.settlement.lead(true);
        instantPayments.signing.start();
        accountCreationRecovery.start();
      },
      stop: async () => {
        await services.proposalExecution.stop();
        services.settlement.lead(false);
        await accountCreationRecovery.stop();
        projectionsHere = false;
        await projections.stop();
      },
    },
    logger,
  );
  metrics.observeLeader(leader);
  return {
    services,
    secrets,
    pool,
    db,
    leader,
    start: async () => {
      services.settlement.start();
      await leader.start();
    },
    stop: async () => {
      await leader.stop();
      await services.proposalExecution.stop();
      await services.settlement.stop();
      await settlementClaims.close();
      await accountCreationRecovery.stop();
      await projections.stop();
      await committedProgress.stop();
      await instantPayments.signing.close();
      await chain.close();
      await closeStorage();
    },
  };
}
