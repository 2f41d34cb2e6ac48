import { randomUUID } from 'node:crypto';
import { findCentralOrganization } from '../read-side/organizations';
import { findUserByEmail, UserRecord } from '../read-side/users';
import { ConfigError, DEMO_SEED_ADMIN_PASSWORD } from './config';
import { conflict } from '../write-side/errors';
import type { Services } from './services';
import type { CommandContext } from '../write-side/command-handler';
import type { Decider, DomainEvent } from '../write-side/decider';
import { createOrganization } from '../write-side/organization/commands';
import { enrollUser } from '../write-side/user/commands';
import { assertPasswordPolicy } from '../write-side/user/password';
import { issuingCoreSeedStep } from './seed-issuing-core';

/**
 * The seed step (spec "What the service does" 6): what an empty deployment needs before anyone can
 * log in. Each step runs once per deployment: runs are serialized by a PostgreSQL advisory lock, and
 * each finished step is recorded on the `seed` stream with its expected version, so a restart, or two
 * processes starting at the same moment, change nothing. A step also finds what a crashed earlier run
 * of it left, so it can resume.
 */
export interface SeedStep {
  name: string;
  /** Returns the ids it created; later steps read them under the step's name. */
  run(services: Services, context: CommandContext, results: SeedResults): Promise<Record<string, string>>;
}

export type SeedResults = Record<string, Record<string, string>>;

export const SEED_STREAM = 'seed';
/** Any fixed 64-bit number; it names the advisory lock. */
const SEED_LOCK = 0x656d69736f72; // "emisor"

type SeedEvent = DomainEvent<'SeedStepCompleted', { step: string; result: Record<string, string> }>;

const seedDecider: Decider<SeedResults, { step: string; result: Record<string, string> }, SeedEvent> = {
  initialState: () => ({}),
  evolve: (results, event) => ({ ...results, [event.data.step]: event.data.result }),
  decide: (command, results) => {
    if (results[command.step]) throw conflict('SEED_STEP_DONE', `seed step ${command.step} already ran`);
    return [{ type: 'SeedStepCompleted', data: command }];
  },
};

export const CENTRAL_ORGANIZATION_STEP = 'central-organization';

/** The CENTRAL organization, its first administrator (SEED_*) and the BRIDGING system identity. */
export const centralOrganizationStep: SeedStep = {
  name: CENTRAL_ORGANIZATION_STEP,
  async run(services, context) {
    const { config, db } = services;
    if (config.NODE_ENV === 'production' && config.SEED_ADMIN_PASSWORD === DEMO_SEED_ADMIN_PASSWORD)
      throw new ConfigError('Invalid configuration:\n  SEED_ADMIN_PASSWORD: the seed step needs a password of its own, not the demo default (NODE_ENV=production)');
    assertPasswordPolicy(config.SEED_ADMIN_PASSWORD, config.SEED_ADMIN_EMAIL, 'SEED_ADMIN_PASSWORD');
    const organizationId =
      (await findCentralOrganization(db))?.id ??
      (await createOrganization(services, context, { name: config.SEED_CENTRAL_ORG_NAME, type: 'CENTRAL' }));
    const enrollment = { organizationId, locale: 'es' as const, invitationId: null };
    const administratorId =
      (await findUserByEmail(db, config.SEED_ADMIN_EMAIL))?.id ??
      (await enrollUser(services, context, {
        ...enrollment,
        kind: 'HUMAN',
        email: config.SEED_ADMIN_EMAIL,
        name: config.SEED_ADMIN_NAME,
        role: 'administrator',
        password: config.SEED_ADMIN_PASSWORD,
      }));
    const bridgingUserId =
      (await UserRecord.query(db).findOne({ organization_id: organizationId, kind: 'BRIDGING' }))?.id ??
      (await enrollUser(services, context, {
        ...enrollment,
        kind: 'BRIDGING',
        email: null,
        name: 'Bridging system identity',
        role: 'member',
        password: null,
      }));
    return { organizationId, administratorId, bridgingUserId };
  },
};

/** The seed of every deployment, in order; the accounts of the central bank add their steps after this one. */
export const seedSteps: SeedStep[] = [centralOrganizationStep, issuingCoreSeedStep];

/** Runs the steps not yet recorded, under the seed lock; returns every step's result. */
export async function runSeed(services: Services, steps: readonly SeedStep[] = seedSteps): Promise<SeedResults> {
  return services.db.transaction(async (lock) => {
    await lock.raw('select pg_advisory_xact_lock(?)', [SEED_LOCK]);
    const recorded = await services.eventStore.readStream(SEED_STREAM);
    let results = recorded.reduce((done, event) => seedDecider.evolve(done, event as unknown as SeedEvent), seedDecider.initialState());
    for (const step of steps) {
      if (results[step.name]) continue;
      const context: CommandContext = { actorId: null, organizationId: null, correlationId: `seed-${randomUUID()}`, now: new Date() };
      const result = await step.run(services, context, results);
      ({ state: results } = await services.commands.handle(seedDecider, SEED_STREAM, { step: step.name, result }, context));
    }
    return results;
  });
}
