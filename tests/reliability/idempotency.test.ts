import { createKnex } from '../../runtime/database';
import { Idempotency, type IdempotentResponse } from '../../write-side/idempotency';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Issue 10.1: a retried request answers with the first result or a fresh, idempotent execution; it
 * never hangs and never answers IDEMPOTENCY_KEY_IN_USE for a request that is not running anywhere.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

const request = (key: string, body: unknown = { amount: '10' }) => ({ scope: 'user-1', key, request: { method: 'POST', path: '/api/x', body } });

const created = (body: unknown): Promise<IdempotentResponse> => Promise.resolve({ status: 201, body });

function counter() {
  let runs = 0;
  return {
    get runs() {
      return runs;
    },
    work: (body: unknown) => () => {
      runs += 1;
      return created(body);
    },
  };
}

/** A process that claims the key and dies while its work runs: its connection ends, nobody renews its lease. */
async function crashWhileRunning(key: string, leaseMs: number) {
  const doomed = createKnex(database.url, 2);
  let claimed!: () => void;
  const running = new Promise<void>((resolve) => (claimed = resolve));
  void new Idempotency(doomed, { leaseMs }).run(request(key), () => {
    claimed();
    return new Promise<IdempotentResponse>(() => undefined);
  });
  await running;
  await doomed.destroy();
}

describe('a retry after the first attempt completed', () => {
  it('returns the first response without running the work again', async () => {
    const idempotency = new Idempotency(database.knex);
    const count = counter();
    const first = await idempotency.run(request('done-1'), count.work({ id: 'first' }));
    const retry = await idempotency.run(request('done-1'), count.work({ id: 'second' }));
    expect(first).toEqual({ status: 201, body: { id: 'first' } });
    expect(retry).toEqual({ status: 201, body: { id: 'first' } });
    expect(count.runs).toBe(1);
  });

  it('answers 409 IDEMPOTENCY_KEY_REUSED for the same key with another body', async () => {
    const idempotency = new Idempotency(database.knex);
    await idempotency.run(request('reused-1', { amount: '10' }), () => created({ id: 'first' }));
    await expect(idempotency.run(request('reused-1', { amount: '11' }), () => created({ id: 'other' }))).rejects.toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });
});

describe('a retry after the first attempt failed', () => {
  it('runs the work again, because a failed attempt releases its claim', async () => {
    const idempotency = new Idempotency(database.knex);
    await expect(idempotency.run(request('failed-1'), () => Promise.reject(new Error('chain unreachable')))).rejects.toThrow('chain unreachable');
    expect(await idempotency.run(request('failed-1'), () => created({ id: 'retried' }))).toEqual({ status: 201, body: { id: 'retried' } });
  });
});

describe('a retry while the first attempt is still running', () => {
  it('waits for it and returns its response, running the work once', async () => {
    const idempotency = new Idempotency(database.knex, { leaseMs: 2_000, pollMs: 20 });
    const count = counter();
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const first = idempotency.run(request('live-1'), async () => {
      await gate;
      return count.work({ id: 'first' })();
    });
    const retry = idempotency.run(request('live-1'), count.work({ id: 'second' }));
    setTimeout(finish, 200);
    expect(await retry).toEqual({ status: 201, body: { id: 'first' } });
    expect(await first).toEqual({ status: 201, body: { id: 'first' } });
    expect(count.runs).toBe(1);
  });

  it('is not taken over while its owner keeps renewing the lease, and the retry answers IDEMPOTENCY_KEY_IN_USE', async () => {
    // A lease several renewal periods long, so that a busy machine's slow renewal is not a crash.
    const idempotency = new Idempotency(database.knex, { leaseMs: 1_500, waitMs: 3_000, pollMs: 50 });
    const count = counter();
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    let claimed!: () => void;
    const running = new Promise<void>((resolve) => (claimed = resolve));
    const first = idempotency.run(request('live-2'), async () => {
      claimed();
      await gate;
      return count.work({ id: 'first' })();
    });
    // The retry starts once the first attempt holds the claim (its work runs only after claiming).
    await running;
    await expect(idempotency.run(request('live-2'), count.work({ id: 'second' }))).rejects.toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_KEY_IN_USE',
    });
    finish();
    expect(await first).toEqual({ status: 201, body: { id: 'first' } });
    expect(count.runs).toBe(1);
  });
});

describe('a retry of an attempt that crashed while holding its claim', () => {
  it('takes the claim over once its lease runs out and runs the work', async () => {
    await crashWhileRunning('crashed-1', 300);
    const idempotency = new Idempotency(database.knex, { leaseMs: 300, pollMs: 20 });
    expect(await idempotency.run(request('crashed-1'), () => created({ id: 'taken-over' }))).toEqual({ status: 201, body: { id: 'taken-over' } });
    const row = await database.knex('idempotency_keys').where({ scope: 'user-1', key: 'crashed-1' }).first();
    expect(row).toMatchObject({ status: 'DONE', response_status: 201, response_body: { id: 'taken-over' } });
  });

  it('takes over a claim whose timestamps carry microseconds (the database clock, not a JavaScript Date)', async () => {
    await database.knex.raw(
      `insert into idempotency_keys (scope, key, fingerprint, status, created_at, updated_at, lease_until)
       select 'user-1', 'crashed-2', k.fingerprint, 'PENDING', now() - interval '1 hour 0.000123 seconds', now() - interval '1 hour 0.000123 seconds', now() - interval '1 hour 0.000123 seconds'
       from idempotency_keys k where k.scope = 'user-1' and k.key = 'crashed-1'`,
    );
    const idempotency = new Idempotency(database.knex, { leaseMs: 300, pollMs: 20 });
    expect(await idempotency.run(request('crashed-2'), () => created({ id: 'taken-over' }))).toEqual({ status: 201, body: { id: 'taken-over' } });
  });

  it('lets exactly one of several concurrent retries take the claim over', async () => {
    await crashWhileRunning('crashed-3', 300);
    const idempotency = new Idempotency(database.knex, { leaseMs: 300, pollMs: 20 });
    const count = counter();
    const answers = await Promise.all([1, 2, 3, 4].map(() => idempotency.run(request('crashed-3'), count.work({ id: 'taken-over' }))));
    expect(answers).toEqual([1, 2, 3, 4].map(() => ({ status: 201, body: { id: 'taken-over' } })));
    expect(count.runs).toBe(1);
  });
});
