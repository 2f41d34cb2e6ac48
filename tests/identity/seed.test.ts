import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { promisify } from 'node:util';
import { createRuntime } from '../../runtime/bootstrap';
import { loadConfig } from '../../runtime/config';
import { DEMO_BANK, demoSteps } from '../../runtime/demo-data';
import { createLogger } from '../../runtime/logger';
import { CENTRAL_ORGANIZATION_STEP, centralOrganizationStep, runSeed, SEED_STREAM, seedSteps } from '../../runtime/seed';
import { createTestRuntime, TEST_JWT_SECRET, TEST_KEY_ENCRYPTION_KEY, type TestRuntime } from '../support/test-runtime';
import { FAST_IDENTITY, signIn } from './support';

const counts = async (world: TestRuntime) => ({
  organizations: (await world.services.db('organizations').where({ type: 'CENTRAL' })).length,
  users: (await world.services.db('users')).length,
  seedEvents: (await world.services.eventStore.readStream(SEED_STREAM)).length,
});

describe('Seed step', () => {
  let world: TestRuntime;
  beforeAll(async () => {
    // Two processes share a chain node here: an in-process embedded chain runs in one process only.
    world = await createTestRuntime({ configOverrides: FAST_IDENTITY, chain: 'cosmos' });
  });
  afterAll(() => world.close());

  it('creates the CENTRAL organization, its first administrator and the BRIDGING identity on an empty store', async () => {
    const { config } = world.services;
    const results = await runSeed(world.services, [centralOrganizationStep]);
    const { organizationId, administratorId, bridgingUserId } = results[CENTRAL_ORGANIZATION_STEP]!;
    expect(await world.services.db('organizations').where({ id: organizationId }).first()).toMatchObject({
      name: config.SEED_CENTRAL_ORG_NAME,
      type: 'CENTRAL',
      status: 'ACTIVE',
    });
    expect(await world.services.db('users').where({ id: administratorId }).first()).toMatchObject({
      email: config.SEED_ADMIN_EMAIL,
      name: config.SEED_ADMIN_NAME,
      role: 'administrator',
      kind: 'HUMAN',
      organization_id: organizationId,
    });
    expect(await world.services.db('users').where({ id: bridgingUserId }).first()).toMatchObject({ kind: 'BRIDGING', email: null, organization_id: organizationId });
    const admin = await signIn(world, config.SEED_ADMIN_EMAIL, config.SEED_ADMIN_PASSWORD);
    expect(admin.userId).toBe(administratorId);
  });

  it('runs once: two processes starting at the same moment and a restart change nothing', async () => {
    const before = await counts(world);
    const second = await createRuntime(world.services.config, world.database.url, createLogger('silent'));
    await second.start();
    try {
      const [first, other] = await Promise.all([
        runSeed(world.services, [centralOrganizationStep]),
        runSeed(second.services, [centralOrganizationStep]),
      ]);
      expect(other).toEqual(first);
    } finally {
      await second.stop();
    }
    expect(await counts(world)).toEqual(before);
  });

  it('runs each step exactly once when two fresh processes race on an empty store', async () => {
    const fresh = await createTestRuntime({ configOverrides: FAST_IDENTITY, chain: 'cosmos' });
    const second = await createRuntime(fresh.services.config, fresh.database.url, createLogger('silent'));
    await second.start();
    try {
      const [first, other] = await Promise.all([
        runSeed(fresh.services, [centralOrganizationStep]),
        runSeed(second.services, [centralOrganizationStep]),
      ]);
      expect(other).toEqual(first);
      expect(await counts(fresh)).toEqual({ organizations: 1, users: 2, seedEvents: 1 });
    } finally {
      await second.stop();
      await fresh.close();
    }
  });

  it('refuses a SEED_ADMIN_PASSWORD that breaks the password policy', async () => {
    const weak = await createTestRuntime({ configOverrides: { ...FAST_IDENTITY, SEED_ADMIN_PASSWORD: 'admin@emisor.local' } });
    try {
      await expect(runSeed(weak.services, [centralOrganizationStep])).rejects.toMatchObject({ code: 'WEAK_PASSWORD' });
      expect(await counts(weak)).toEqual({ organizations: 0, users: 0, seedEvents: 0 });
    } finally {
      await weak.close();
    }
  });

  it('loads the demo bank (DEMO_DATA): ACTIVE, with its settlement account and an administrator who can log in', async () => {
    const demo = await createTestRuntime({ configOverrides: { ...FAST_IDENTITY, DEMO_DATA: 'true' } });
    try {
      const results = await runSeed(demo.services, [...seedSteps, ...demoSteps]);
      const bank = await demo.services.db('organizations').where({ id: results['demo-bank']!.organizationId }).first();
      expect(bank).toMatchObject({ name: DEMO_BANK.name, type: 'COMMERCIAL', status: 'ACTIVE', settlement_address: expect.stringMatching(/^emisor1/) });
      const session = await signIn(demo, DEMO_BANK.adminEmail, DEMO_BANK.adminPassword);
      expect(session.organizationId).toBe(bank.id);
    } finally {
      await demo.close();
    }
  });

  it('npm run seed prepares the database at DATABASE_URL, and leaves a seeded one as it is', async () => {
    const dataDir = mkdtempSync(joinPath(tmpdir(), 'emisor-seed-cli-'));
    try {
      const before = await counts(world);
      const { stdout } = await promisify(execFile)('npx', ['tsx', 'runtime/seed-cli.ts'], {
        cwd: joinPath(__dirname, '..', '..'),
        env: {
          ...process.env,
          DATABASE_URL: world.database.url,
          DATA_DIR: dataDir,
          JWT_SECRET: TEST_JWT_SECRET,
          KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
          LOG_LEVEL: 'silent',
          DEMO_DATA: 'false',
          ...FAST_IDENTITY,
        },
      });
      const central = await world.services.db('organizations').where({ type: 'CENTRAL' }).first();
      expect(stdout).toContain(`Central organization: ${loadConfig({}).SEED_CENTRAL_ORG_NAME} (${central.id})`);
      const after = await counts(world);
      expect(after.organizations).toBe(before.organizations);
      expect(after.users).toBe(before.users);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
