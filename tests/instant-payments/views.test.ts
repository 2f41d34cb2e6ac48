import { startInstantPayments, type InstantPaymentsWorld } from './world';

/** The bank's own views and the issuer's aggregate-only oversight, over a few settled payments. */
describe('Instant Payments: bank views and oversight', () => {
  let w: InstantPaymentsWorld;
  let paymentIds: string[];

  beforeAll(async () => {
    w = await startInstantPayments();
    const ana = await w.demoClient(w.bankA.organizationId, 'Ana', 'ana.v');
    await w.demoClient(w.bankA.organizationId, 'Beto', 'beto.v');
    await w.demoClient(w.bankB.organizationId, 'Carla', 'carla.v');
    const pay = async (recipientAlias: string, amount: string, reference: string) => {
      const paid = await w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias, amount, reference });
      if (paid.status !== 201) throw new Error(`payment failed: ${paid.status} ${JSON.stringify(paid.body)}`);
      return paid.body.id as string;
    };
    paymentIds = [await pay('beto.v', '100', 'secret-ref-1'), await pay('beto.v', '300', 'secret-ref-2'), await pay('carla.v', '1000', 'secret-ref-3')];
    await w.finished(ana.token, paymentIds[2]!);
  }, 60_000);
  afterAll(() => w?.stop());

  const bankA = (path: string) => w.f.as(w.bankA.admin).get(`/organizations/${w.bankA.organizationId}/instant-payments${path}`);

  it('shows a bank its dashboard: settlement card, KPIs split cross-bank / internal, distributions', async () => {
    const dashboard = await bankA('/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.settlementAccount.balances).toEqual([expect.objectContaining({ denom: 'ulps', amount: '999000' })]);
    expect(dashboard.body.kpis).toEqual({
      total: { volume: '1400', count: 3, average: '466' },
      crossOrganization: { volume: '1000', count: 1, average: '1000' },
      internal: { volume: '400', count: 2, average: '200' },
      users: 2,
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(dashboard.body.byDay).toEqual([{ day: today, volume: '1400', count: 3 }]);
    expect(dashboard.body.byHour).toHaveLength(24);
    const b = await w.f.as(w.bankB.admin).get(`/organizations/${w.bankB.organizationId}/instant-payments/dashboard`);
    expect(b.body.kpis.crossOrganization).toEqual({ volume: '1000', count: 1, average: '1000' });
    expect(b.body.kpis.internal.count).toBe(0);
    expect((await bankA('/dashboard?from=2000-01-01&to=2000-01-02')).body.kpis.total.count).toBe(0);
  });

  describe('date ranges (from, to)', () => {
    const inverted = 'from=2026-03-02&to=2026-03-01';
    it.each([
      ['bank', '/organizations/:bank/instant-payments/dashboard'],
      ['bank', '/organizations/:bank/instant-payments/transactions'],
      ['bank', '/organizations/:bank/instant-payments/export'],
      ['bank', '/activity-log'],
      ['bank', '/export/transactions'],
      ['bank', '/export/governance'],
      ['issuer', '/instant-payments/oversight/summary'],
      ['issuer', '/instant-payments/oversight/banks'],
      ['issuer', '/instant-payments/oversight/distribution'],
      ['issuer', '/instant-payments/oversight/export'],
    ])('one that ends before it starts is refused with 400 by the %s’s view %s, naming `to`', async (who, path) => {
      const caller = who === 'bank' ? w.bankA.admin : w.f.admin;
      const answer = await w.f.as(caller).get(`${path.replace(':bank', w.bankA.organizationId)}?${inverted}`);
      expect([answer.status, answer.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(answer.body.errors).toEqual([{ path: 'query.to', message: 'the range ends before it starts: `to` must not come before `from`' }]);
    });

    it('one of a single day, from and to naming the same day, is read whole', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const oneDay = await bankA(`/dashboard?from=${today}&to=${today}`);
      expect(oneDay.status).toBe(200);
      expect(oneDay.body.kpis.total.count).toBe(3);
    });
  });

  it('lists the bank’s transactions and clients with filters and pages', async () => {
    const all = await bankA('/transactions');
    expect(all.body).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(all.body.items.map((item: { id: string }) => item.id).sort()).toEqual([...paymentIds].sort());
    expect((await bankA('/transactions?kind=CROSS_ORGANIZATION')).body.items).toEqual([expect.objectContaining({ id: paymentIds[2], direction: 'OUT' })]);
    expect((await bankA('/transactions?status=FAILED')).body.total).toBe(0);
    expect((await bankA('/transactions?alias=@carla.v')).body.total).toBe(1);
    expect((await bankA('/transactions?pageSize=2&page=2')).body.items).toHaveLength(1);
    expect((await bankA('/transactions?kind=OTHER')).status).toBe(400);
    const clients = await bankA('/clients');
    expect(clients.body.total).toBe(2);
    expect(clients.body.items.map((client: { alias: string }) => client.alias).sort()).toEqual(['ana.v', 'beto.v']);
  });

  it('exports the bank’s payments as CSV or JSON attachments', async () => {
    const csv = await bankA('/export?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toContain('"senderAlias"');
    expect(lines).toHaveLength(4);
    const json = await bankA('/export?format=json');
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(json.text ?? json.body)).toHaveLength(3);
  });

  it('writes the payments’ times as ISO 8601 in UTC to the millisecond, oldest first', async () => {
    const stored: Array<{ id: string; created_at: Date; settled_at: Date | null }> = await w.f.runtime
      .db('ip_payments')
      .where({ sender_organization_id: w.bankA.organizationId })
      .orWhere({ recipient_organization_id: w.bankA.organizationId })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .select('id', 'created_at', 'settled_at');
    const json = JSON.parse((await bankA('/export?format=json')).text) as Array<{ id: string; createdAt: string; settledAt: string | null }>;
    expect(json.map(({ id, createdAt, settledAt }) => ({ id, createdAt, settledAt }))).toEqual(
      stored.map((row) => ({ id: row.id, createdAt: row.created_at.toISOString(), settledAt: row.settled_at?.toISOString() ?? null })),
    );
    const csv = (await bankA('/export?format=csv')).text.trim().split('\r\n').slice(1);
    expect(csv.map((line) => line.split(',')[9])).toEqual(stored.map((row) => `"${row.created_at.toISOString()}"`));
  });

  it('scopes bank views to the caller’s own organization', async () => {
    const other = await w.f.as(w.bankB.admin).get(`/organizations/${w.bankA.organizationId}/instant-payments/transactions`);
    expect(other.status).toBe(404);
    for (const path of ['/account', '/account/balance', '/dashboard', '/clients', '/export'])
      expect((await w.f.as(w.bankB.admin).get(`/organizations/${w.bankA.organizationId}/instant-payments${path}`)).status).toBe(404);
    expect((await w.f.as(w.f.admin).get(`/organizations/${w.bankA.organizationId}/instant-payments/dashboard`)).status).toBe(403);
    const member = await w.f.invite(w.bankA.admin, 'member');
    expect((await w.f.as(member).get(`/organizations/${w.bankA.organizationId}/instant-payments/dashboard`)).status).toBe(200);
  });

  it('gives the issuer aggregates only, and nobody else', async () => {
    const admin = w.f.as(w.f.admin);
    const summary = await admin.get('/instant-payments/oversight/summary');
    expect(summary.body).toEqual({ organizationId: null, settledVolume: '1400', paymentCount: 3, averagePayment: '466', users: 3 });
    expect((await admin.get(`/instant-payments/oversight/summary?organizationId=${w.bankB.organizationId}`)).body).toMatchObject({ settledVolume: '1000', paymentCount: 1, users: 1 });
    const banks = await admin.get('/instant-payments/oversight/banks?sort=volume&order=desc');
    expect(banks.body.items.map((row: { organizationId: string }) => row.organizationId)).toEqual([w.bankA.organizationId, w.bankB.organizationId]);
    expect(banks.body.items[0]).toEqual({ organizationId: w.bankA.organizationId, name: 'Banco Uno', settlementAddress: expect.stringMatching(/^emisor1/), volume: '1400', payments: 3, users: 2 });
    expect((await admin.get('/instant-payments/oversight/banks?sort=name&order=desc')).body.items[0].name).toBe('Banco Uno');
    expect((await admin.get('/instant-payments/oversight/banks?q=dos')).body.items).toHaveLength(1);
    const distribution = await admin.get('/instant-payments/oversight/distribution');
    expect(distribution.body.byDay).toEqual([{ day: new Date().toISOString().slice(0, 10), volume: '1400', count: 3 }]);
    const csv = await admin.get('/instant-payments/oversight/export?format=csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment/);
    const json = await admin.get('/instant-payments/oversight/export?format=json');
    expect(JSON.parse(json.text)).toHaveLength(2);
    // Aggregates only: no payment, client, alias or reference anywhere.
    const everything = [summary.text, banks.text, distribution.text, csv.text, json.text].join('\n');
    for (const secret of ['ana.v', 'beto.v', 'carla.v', 'secret-ref', 'Ana', ...paymentIds]) expect(everything).not.toContain(secret);

    const auditor = await w.f.invite(w.f.admin, 'auditor');
    expect((await w.f.as(auditor).get('/instant-payments/oversight/summary')).status).toBe(200);
    const member = await w.f.invite(w.f.admin, 'member');
    for (const session of [member, w.bankA.admin])
      for (const path of ['summary', 'banks', 'distribution', 'export'])
        expect((await w.f.as(session).get(`/instant-payments/oversight/${path}`)).status).toBe(403);
  });
});
