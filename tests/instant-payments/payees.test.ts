import { DEMO_LIMITS } from '../../api/routes/instant-payments';
import { startInstantPayments, type InstantPaymentsWorld } from './world';

describe('GET /instant-payments/payees/<alias>: whom an alias pays, confirmed before sending', () => {
  let w: InstantPaymentsWorld;
  let maria: { id: string; token: string };
  let carla: { id: string; token: string };

  beforeAll(async () => {
    w = await startInstantPayments();
    maria = await w.demoClient(w.bankA.organizationId, 'María López', 'maria.lopez');
    carla = await w.demoClient(w.bankB.organizationId, 'Carla Pineda', 'carla');
  }, 60_000);
  afterAll(() => w?.stop());

  const lookUp = (token: string, alias: string) => w.asClient(token).get(`/instant-payments/payees/${encodeURIComponent(alias)}`);

  it('names the payee’s bank and masked name to a client of another bank', async () => {
    const answer = await lookUp(carla.token, 'maria.lopez');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ alias: 'maria.lopez', organizationId: w.bankA.organizationId, bankName: 'Banco Uno', maskedName: 'Ma*** Ló***' });
  });

  it('answers a client of the same bank, and reads the alias as payments do (with @, any case)', async () => {
    const answer = await lookUp(maria.token, '@Carla');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ alias: 'carla', organizationId: w.bankB.organizationId, bankName: 'Banco Dos', maskedName: 'Ca*** Pi***' });
  });

  it('is 404 NOT_FOUND problem+json for an alias nobody holds', async () => {
    const answer = await lookUp(maria.token, 'nadie.existe');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('is 404 once the alias’s holder is deactivated by its bank', async () => {
    const gone = await w.demoClient(w.bankB.organizationId, 'Dora Retirada', 'dora.retirada');
    expect((await lookUp(maria.token, 'dora.retirada')).status).toBe(200);
    const deactivated = await w.f.as(w.bankB.admin).post(`/organizations/${w.bankB.organizationId}/instant-payments/clients/${gone.id}/deactivate`);
    expect(deactivated.status).toBe(200);
    const answer = await lookUp(maria.token, 'dora.retirada');
    expect([answer.status, answer.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('is 400 VALIDATION_FAILED for a malformed alias', async () => {
    for (const alias of ['x', '1abc', 'no-dashes']) {
      const answer = await lookUp(maria.token, alias);
      expect([answer.status, answer.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'params.alias' })]);
    }
  });

  it('is 401 without a client token, and with a staff token', async () => {
    const anonymous = await w.f.request.get('/api/instant-payments/payees/maria.lopez');
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    const staff = await w.f.as(w.bankA.admin).get('/instant-payments/payees/maria.lopez');
    expect(staff.status).toBe(401);
  });

  it('answers 429 RATE_LIMITED with Retry-After past its limit, so aliases cannot be walked through', async () => {
    const { limit, windowMs } = DEMO_LIMITS.payee;
    // Fixed windows: start well inside one, so the burst is counted against a single window.
    const intoWindow = Date.now() % windowMs;
    if (intoWindow > windowMs - 15_000) await new Promise((resolve) => setTimeout(resolve, windowMs - intoWindow + 50));
    const answers = [];
    for (let i = 0; i <= limit; i++) answers.push(await lookUp(carla.token, 'maria.lopez'));
    const first = answers.findIndex((answer) => answer.status === 429);
    expect(first).toBeGreaterThan(0);
    expect(answers.slice(0, first).map((answer) => answer.status)).toEqual(Array(first).fill(200));
    expect(answers[first]!.body.code).toBe('RATE_LIMITED');
    expect(Number(answers[first]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }, 90_000);
});
