import { loadConfig } from '../../runtime/config';
import { freePort } from '../../runtime/embedded-postgres';
import { startTestChainNode, type TestChainNode } from '../support/test-chain-node';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { parsePrometheus } from './support/prometheus';
import { call, pause, ServiceProcess } from './support/workload';

/**
 * Issue 10.5: the projections run in the elected leader only, like the process managers and timers.
 * A follower's write still reads back at once through the follower (it waits on the checkpoints the
 * leader commits), and when the leader is SIGKILLed the follower takes over and its runner carries the
 * read models on from the stored checkpoints.
 */
const KEY_ENCRYPTION_KEY = '0e'.repeat(32);
const ADMIN = { email: 'admin@emisor.local', password: 'emisor-admin-2026' };

jest.setTimeout(240_000);

describe('projections in the elected leader only', () => {
  let database: TestDatabase;
  let chainDatabase: TestDatabase;
  let node: TestChainNode;
  /** Started first, so the leader until it is killed. */
  let first: ServiceProcess;
  let second: ServiceProcess;
  let token: string;

  const scrape = async (service: ServiceProcess) => {
    const response = await fetch(`${service.base}/metrics`, { signal: AbortSignal.timeout(10_000) });
    return parsePrometheus(await response.text());
  };
  /** Events this process applied to the organizations read model (absent: none). */
  const appliedToOrganizations = async (service: ServiceProcess) => (await scrape(service))('emisor_projection_events_applied_total', { projection: 'organizations' }) ?? 0;
  const leads = async (service: ServiceProcess) => (await scrape(service))('emisor_leader') === 1;
  async function eventually(condition: () => Promise<boolean>, what: string) {
    for (let look = 0; look < 150; look++) {
      if (await condition()) return;
      await pause(100);
    }
    throw new Error(`never happened: ${what}`);
  }
  /** Creates an organization through one process and reads it back through the same one, with no pause between. */
  const createAndRead = async (service: ServiceProcess, name: string) => {
    const created = await call(service.base, 'POST', '/organizations', { name, type: 'COMMERCIAL' }, token);
    const read = created.status === 201 ? await call(service.base, 'GET', `/organizations/${created.body.id}`, null, token) : null;
    return { created: [created.status, created.body.name], read: read && [read.status, read.body.name] };
  };

  beforeAll(async () => {
    [database, chainDatabase] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    node = await startTestChainNode(chainDatabase, loadConfig({ KEY_ENCRYPTION_KEY, CHAIN_BLOCK_MS: '50' }));
    [first, second] = await Promise.all(
      [await freePort(), await freePort()].map(
        (port) => new ServiceProcess(port, ServiceProcess.environment(database.url, port, { KEY_ENCRYPTION_KEY, CHAIN: 'cosmos', CHAIN_RPC_URL: node.url })),
      ),
    );
    await first.start();
    await second.start();
    await eventually(async () => (await leads(first)) && !(await leads(second)), 'the first process leads');
    const login = await call(second.base, 'POST', '/auth/login', ADMIN);
    token = login.body.accessToken;
  });
  afterAll(async () => {
    for (const service of [first, second]) await service?.kill().catch(() => undefined);
    await node?.close();
    await Promise.all([database?.drop(), chainDatabase?.drop()]);
  });

  describe('while the first process leads', () => {
    it('applies the read models in the leader only: the follower’s count of applied events does not move', async () => {
      const before = await Promise.all([appliedToOrganizations(first), appliedToOrganizations(second)]);
      expect(await createAndRead(second, 'Prueba Seguidor')).toEqual({ created: [201, 'Prueba Seguidor'], read: [200, 'Prueba Seguidor'] });
      expect(await createAndRead(first, 'Prueba Líder')).toEqual({ created: [201, 'Prueba Líder'], read: [200, 'Prueba Líder'] });
      const after = await Promise.all([appliedToOrganizations(first), appliedToOrganizations(second)]);

      expect(after[0]).toBeGreaterThanOrEqual(before[0] + 2);
      expect(after[1]).toBe(0);
    });

    it('answers a write through the follower with what a read through the follower then shows, every time', async () => {
      const answers = [];
      for (let write = 1; write <= 5; write++) answers.push(await createAndRead(second, `Prueba ${write}`));
      expect(answers).toEqual([1, 2, 3, 4, 5].map((write) => ({ created: [201, `Prueba ${write}`], read: [200, `Prueba ${write}`] })));
    });

    it('reports in the follower’s metrics the lag of the leader’s projections, read from the database', async () => {
      const lag = (await scrape(second))('emisor_projection_lag_events', { projection: 'organizations' });
      expect(lag).toBe(0);
    });

    it('says in the follower’s health that the leader runs the projections', async () => {
      const health = await call(second.base, 'GET', '/health', null);
      expect(health.status).toBe(200);
      expect(health.body.checks.projections).toEqual({ status: 'up', detail: { projections: expect.any(Number), runIn: 'the leader (another process)' } });
      expect((await call(first.base, 'GET', '/health', null)).body.checks.projections.detail.runIn).toBe('this process (the leader)');
    });
  });

  describe('after the leader is killed', () => {
    let checkpointBefore: string;

    beforeAll(async () => {
      checkpointBefore = (await database.knex('projection_checkpoints').where({ name: 'organizations' }).first(database.knex.raw('commit_position::text as c'))).c;
      await first.kill();
      await eventually(() => leads(second), 'the follower takes over');
    });

    it('runs the read models in the new leader, on from the stored checkpoints', async () => {
      expect(await createAndRead(second, 'Prueba Tras la Caída')).toEqual({ created: [201, 'Prueba Tras la Caída'], read: [200, 'Prueba Tras la Caída'] });
      expect(await appliedToOrganizations(second)).toBeGreaterThanOrEqual(1);
      const checkpointAfter = (await database.knex('projection_checkpoints').where({ name: 'organizations' }).first(database.knex.raw('commit_position::text as c'))).c;
      expect(BigInt(checkpointAfter)).toBeGreaterThan(BigInt(checkpointBefore));
      // Every organization created through either process, once: nothing lost or applied twice across the takeover.
      const names: string[] = await database.knex('organizations').where('name', 'like', 'Prueba %').pluck('name');
      expect(names.sort()).toEqual(['Prueba 1', 'Prueba 2', 'Prueba 3', 'Prueba 4', 'Prueba 5', 'Prueba Líder', 'Prueba Seguidor', 'Prueba Tras la Caída'].sort());
    });

    it('makes the restarted process a follower whose writes read back at once, applied by the new leader', async () => {
      await first.start();
      expect(await leads(first)).toBe(false);
      expect(await createAndRead(first, 'Prueba Vuelto')).toEqual({ created: [201, 'Prueba Vuelto'], read: [200, 'Prueba Vuelto'] });
      expect(await appliedToOrganizations(first)).toBe(0);
    });
  });
});
