import { dashboardMetrics, externalCirculating } from '../../read-side/dashboard';
import { generateCustodyKey } from '../../write-side/chain/keys';
import type { Principal } from '../../write-side/user/principal';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { buildWorld, expectOk, type World } from './world';

interface Wallet {
  multisigId: string;
  name: string;
  type: string;
  address: string;
  balances: Array<{ denom: string; symbol: string; exponent: number; amount: string }>;
}

let w: World;
const outsider = generateCustodyKey('emisor').address;
beforeAll(async () => {
  w = await buildWorld();
  const mint = (body: object) => expectOk(w.f.as(w.admin).post(`/multisigs/${w.issuance.id}/proposals/mint`, { denom: 'ulps', ...body }));
  // Value outside the platform's accounts, and a mint and burn on the issuance account itself.
  await mint({ title: 'To a wallet outside the platform', amount: '777', recipient: outsider });
  await mint({ title: 'Into issuance', amount: '5000' });
  await expectOk(w.f.as(w.admin).post(`/multisigs/${w.issuance.id}/proposals/burn`, { title: 'Withdraw', amount: '2000', denom: 'ulps' }));
}, 60000);
afterAll(() => w?.f.stop());

const metrics = (session: World['admin']) => expectOk(w.f.as(session).get('/dashboard/metrics'));

describe('GET /dashboard/metrics', () => {
  it('gives live supply per token with its symbol and exponent, equal to the chain’s', async () => {
    const chain = w.f.runtime.services.chain;
    // The world's disbursement settles on its own time: a block may land while the request runs.
    const heightBefore = await chain.getHeight();
    const body = await metrics(w.admin);
    const heightAfter = await chain.getHeight();
    expect(body.tokens).toEqual([
      expect.objectContaining({ denom: 'ulps', symbol: 'L', exponent: 2, native: true, liveSupply: (await chain.getSupply('ulps')).toString() }),
    ]);
    expect(body.asOf.height).toBeGreaterThanOrEqual(heightBefore);
    expect(body.asOf.height).toBeLessThanOrEqual(heightAfter);
  });

  it('lists the wallets the caller may see with their balances, equal to the chain’s', async () => {
    const body = await metrics(w.admin);
    expect(body.wallets.map((wallet: Wallet) => wallet.name).sort()).toEqual(['Bridging', 'Issuance', 'Reserve']);
    for (const wallet of body.wallets as Wallet[]) {
      const onChain = await w.f.runtime.services.chain.getAllBalances(wallet.address);
      expect(wallet.balances.map((balance) => [balance.denom, balance.amount])).toEqual(onChain.map((balance) => [balance.denom, balance.amount.toString()]));
    }
    expect(body.wallets.find((wallet: Wallet) => wallet.name === 'Issuance').balances).toEqual([{ denom: 'ulps', symbol: 'L', exponent: 2, amount: '3000' }]);
    const mia = await metrics(w.mia);
    expect(mia.wallets.map((wallet: Wallet) => wallet.multisigId)).toEqual([w.reserve.id]);
  });

  it('computes externalCirculating as live supply minus every internal account’s balance, floored at 0', async () => {
    const body = await metrics(w.admin);
    const [native] = body.tokens;
    // 100000 + 50000 + 777 + 5000 minted, 2000 burned; only the 777 sit outside the platform's accounts.
    expect(native).toMatchObject({ liveSupply: '153777', internalBalance: '153000', externalCirculating: '777' });
    expect(body.externalCirculating).toBe('777');
    expect(await w.f.runtime.services.chain.getBalance(outsider, 'ulps')).toBe(777n);
    expect(externalCirculating(100n, 150n)).toBe(0n);
  });

  it('gives the issuer its mint and burn summary', async () => {
    const body = await metrics(w.admin);
    expect(body.issuer).toEqual({ mintBurn: [{ denom: 'ulps', symbol: 'L', exponent: 2, minted: '155777', burned: '2000', mints: 4, burns: 1 }] });
    expect(body.participant).toBeNull();
  });

  it('gives a participant its total-balance hero, top wallets and exchange-state alerts', async () => {
    const body = await metrics(w.bank.admin);
    expect(body.issuer).toBeNull();
    expect(body.participant).toEqual({
      totalBalance: [{ denom: 'ulps', symbol: 'L', exponent: 2, amount: '30000' }],
      topWallets: [expect.objectContaining({ multisigId: w.treasury.id }), expect.objectContaining({ type: 'SETTLEMENT' })],
      alerts: [],
    });
    await expectOk(w.f.as(w.admin).post(`/organizations/${w.bank.organizationId}/freeze`));
    expect((await metrics(w.bank.admin)).participant.alerts).toEqual([expect.objectContaining({ code: 'EXCHANGE_FROZEN' })]);
    await expectOk(w.f.as(w.admin).post(`/organizations/${w.bank.organizationId}/unfreeze`));
    const unlinked = await w.f.bank('Banco Dos');
    expect((await metrics(unlinked.admin)).participant).toMatchObject({ totalBalance: [], alerts: [expect.objectContaining({ code: 'EXCHANGE_ADDRESS_UNLINKED' })] });
  });

  it('needs read · Dashboard, which every role holds', async () => {
    expect((await w.f.request.get('/api/dashboard/metrics')).status).toBe(401);
    expect((await w.f.as(w.ana).get('/dashboard/metrics')).status).toBe(200);
  });
});

describe('GET /dashboard/metrics reads one snapshot of the read models', () => {
  let database: TestDatabase;
  const issuance = 'emisor1issuance';
  const central: Principal = { userId: 'u-1', organizationId: 'o-central', organizationType: 'CENTRAL', role: 'administrator' };
  beforeAll(async () => {
    database = await createTestDatabase();
    const now = new Date();
    await database.knex('organizations').insert({ id: central.organizationId, name: 'Central', type: 'CENTRAL', status: 'ACTIVE', created_at: now, updated_at: now });
    await database.knex('tokens').insert({ id: 't-1', denom: 'ulps', symbol: 'L', name: 'Lempira', exponent: 2, native: true, created_at: now, updated_at: now });
    await database.knex('accounts').insert({
      id: 'a-1', organization_id: central.organizationId, label: 'Issuance', type: 'ISSUANCE', address: issuance,
      threshold: 1, total_weight: 1, group_version: 1, created_at: now, updated_at: now,
    });
    await database.knex('chain_balances').insert({ address: issuance, denom: 'ulps', amount: '1000' });
    await database.knex('chain_supply').insert({ denom: 'ulps', supply: '1777', minted: '1777', burned: '0', mints: 1, burns: 0 });
  });
  afterAll(() => database?.drop());

  it('never pairs a supply with balances of another moment, while the balances projection commits mints and burns', async () => {
    // What the balances projection does for a block: supply and the issuance account move together, in one transaction.
    let running = true;
    const projecting = (async () => {
      for (let block = 0; running; block++) {
        const amount = block % 2 === 0 ? 500 : -500;
        await database.knex.transaction(async (trx) => {
          await trx('chain_supply').where({ denom: 'ulps' }).increment('supply', amount);
          await trx('chain_balances').where({ address: issuance, denom: 'ulps' }).increment('amount', amount);
        });
      }
    })();
    const seen = new Set<string>();
    try {
      for (let read = 0; read < 150; read++) seen.add((await dashboardMetrics(database.knex, central, 'ulps')).externalCirculating);
    } finally {
      running = false;
      await projecting;
    }
    expect([...seen]).toEqual(['777']);
  });

  it('reads every figure in one statement (a snapshot transaction of its own sent eight)', async () => {
    // As the fixture set them (the test before moves both by ±500 per block).
    await database.knex('chain_supply').where({ denom: 'ulps' }).update({ supply: '1777' });
    await database.knex('chain_balances').where({ address: issuance, denom: 'ulps' }).update({ amount: '1000' });
    await database.knex('chain_head').insert({ chain_id: 'emisor-test', height: 9007199254740, block_time: '2026-11-01T10:00:00.123Z' });
    const sent: string[] = [];
    const record = ({ sql }: { sql: string }) => sent.push(sql);
    database.knex.on('query', record);
    try {
      expect(await dashboardMetrics(database.knex, central, 'ulps')).toMatchObject({
        externalCirculating: '777',
        asOf: { height: 9007199254740, time: '2026-11-01T10:00:00.123Z' },
        tokens: [{ denom: 'ulps', symbol: 'L', exponent: 2, native: true, liveSupply: '1777', internalBalance: '1000', externalCirculating: '777' }],
        wallets: [{ multisigId: 'a-1', name: 'Issuance', type: 'ISSUANCE', address: issuance, archived: false, balances: [{ denom: 'ulps', symbol: 'L', exponent: 2, amount: '1000' }] }],
        issuer: { mintBurn: [{ denom: 'ulps', minted: '1777', burned: '0', mints: 1, burns: 0 }] },
      });
    } finally {
      database.knex.off('query', record);
    }
    expect(sent).toHaveLength(1);
  });
});
