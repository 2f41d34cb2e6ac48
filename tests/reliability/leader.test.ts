import { createRuntime, type Runtime } from '../../runtime/bootstrap';
import { freePort } from '../../runtime/embedded-postgres';
import { LeaderElection } from '../../runtime/leader';
import { createLogger } from '../../runtime/logger';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime';
import { parsePrometheus } from './support/prometheus';

/**
 * Issue 10.5: on one database the process managers' timers and the projections run in one elected
 * process (a PostgreSQL advisory lock on a dedicated connection), and another takes over when it goes.
 */
describe('leader election between two service processes on one database', () => {
  let first: TestRuntime;
  let second: Runtime;
  const stopped = new Set<Runtime>();

  beforeAll(async () => {
    // Two processes share a chain node: an in-process embedded chain runs in one process only.
    first = await createTestRuntime({ chain: 'cosmos' });
    second = await createRuntime(first.services.config, first.database.url, createLogger('silent'));
    await second.start();
  }, 60000);
  afterAll(async () => {
    if (!stopped.has(second)) await second.stop();
    await first.close();
  });

  /** Polls a condition (the election runs on a one-second beat); fails the test when it never holds. */
  async function eventually(condition: () => boolean | Promise<boolean>, what: string) {
    for (let look = 0; look < 100; look++) {
      if (await condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`never happened: ${what}`);
  }

  const lockHolders = async () =>
    (
      await first.database.knex.raw(
        `select pid from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())
         and classid = hashtext('emisor.leader')::oid`,
      )
    ).rows as { pid: number }[];

  /** What each runtime's GET /metrics says: emisor_leader of the first, then of the second. */
  const reportedLeaders = async () =>
    Promise.all([first.services, second.services].map(async (services) => parsePrometheus(await services.metrics.registry.metrics())('emisor_leader')));

  it('elects exactly one: the process that started first, holding one advisory lock, and says so in its metrics', async () => {
    expect([first.runtime.leader.isLeader, second.leader.isLeader]).toEqual([true, false]);
    expect(await lockHolders()).toHaveLength(1);
    expect(await reportedLeaders()).toEqual([1, 0]);
  });

  // Settlement's pass runs in every process, over the banks each holds (tests/instant-payments/processes.test.ts).
  it('runs the process managers’ periodic tasks in the leader only', async () => {
    const leaderTicks = jest.spyOn(first.services.proposalExecution, 'tick');
    const followerTicks = jest.spyOn(second.services.proposalExecution, 'tick');
    await eventually(() => leaderTicks.mock.calls.length >= 3, 'three leader ticks');
    expect(followerTicks).not.toHaveBeenCalled();
    jest.restoreAllMocks();
  });

  describe('the projections check of a follower’s health', () => {
    const projectionsCheck = (runtime: Runtime) => runtime.services.healthChecks.find((check) => check.name === 'projections')!.check();

    it('says the leader runs the projections, and the leader says it runs them itself', async () => {
      expect(await projectionsCheck(second)).toEqual({ projections: expect.any(Number), runIn: 'the leader (another process)' });
      expect(await projectionsCheck(first.runtime)).toEqual({ projections: expect.any(Number), runIn: 'this process (the leader)' });
    });

    it('fails while no process leads: a follower’s writes would wait for projections running nowhere', async () => {
      await second.leader.stop();
      await first.runtime.leader.stop();
      try {
        await expect(projectionsCheck(second)).rejects.toMatchObject({ reason: 'no process leads: the projections are not running' });
      } finally {
        await first.runtime.leader.start();
        await second.leader.start();
      }
      expect([first.runtime.leader.isLeader, second.leader.isLeader]).toEqual([true, false]);
    });
  });

  it('fails over when the leader’s connection dies: the follower leads and the old leader steps down', async () => {
    const [holder] = await lockHolders();
    await first.database.knex.raw('select pg_terminate_backend(?)', [holder!.pid]);
    await eventually(() => second.leader.isLeader, 'the follower takes over');
    await eventually(() => !first.runtime.leader.isLeader, 'the old leader steps down');
    const followerTicks = jest.spyOn(second.services.settlement, 'tick');
    await eventually(() => followerTicks.mock.calls.length >= 1, 'the new leader ticks');
    jest.restoreAllMocks();
    expect(await lockHolders()).toHaveLength(1);
    expect(await reportedLeaders()).toEqual([0, 1]);
  });

  it('hands the leadership back when the leader stops', async () => {
    await second.stop();
    stopped.add(second);
    await eventually(() => first.runtime.leader.isLeader, 'the remaining process takes over');
    expect(await lockHolders()).toHaveLength(1);
  });
});

describe('leader election while the database cannot be reached', () => {
  // Once PostgreSQL is back someone must lead within well under a second: the projections that writes
  // wait for run in the leader (outage.test.ts asserts the end-to-end bound).
  it('tries to connect again every retryMs, not on its regular beat', async () => {
    const logger = createLogger('silent');
    const attempts = jest.spyOn(logger, 'warn');
    const role = { start: jest.fn(), stop: jest.fn(async () => undefined) };
    const election = new LeaderElection(`postgres://postgres@127.0.0.1:${await freePort()}/nowhere`, role, logger, { checkMs: 60_000, retryMs: 50 });
    await election.start();
    await new Promise((resolve) => setTimeout(resolve, 600));
    await election.stop();

    expect(attempts.mock.calls.length).toBeGreaterThanOrEqual(5);
    expect(role.start).not.toHaveBeenCalled();
  });
});
