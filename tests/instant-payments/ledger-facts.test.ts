import pg from 'pg';
import { ledgerFacts } from '../../runtime/instant-payments';
import type { Chain } from '../../write-side/chain/chain';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/** The chain is not asked for these facts (only for a settlement balance). */
const NO_CHAIN = {} as Chain;
const AT = '2026-11-24T01:02:03.456Z';

describe('A bank ledger round’s facts from the read models', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const organization = (id: string, type: string, status: string) => ({ id, name: id, type, status, created_at: AT, updated_at: AT });
    await database.knex('organizations').insert([organization('bank-a', 'COMMERCIAL', 'ACTIVE'), organization('bank-b', 'COMMERCIAL', 'SUSPENDED'), organization('central', 'CENTRAL', 'ACTIVE')]);
    await database.knex('ip_payments').insert({
      id: 'paid',
      kind: 'INTERNAL',
      status: 'COMPLETED',
      // Beyond a double's 2^53: the amount must come back exact.
      amount: '123456789012345678901234567890',
      reference: 'Almuerzo',
      sender_client_id: 'ana',
      sender_organization_id: 'bank-a',
      sender_alias: 'ana',
      recipient_client_id: 'beto',
      recipient_organization_id: 'bank-a',
      recipient_alias: 'beto',
      request_fingerprint: 'f1',
      created_at: AT,
      updated_at: AT,
    });
    await database.knex('ip_cash_movements').insert({ id: 'cashed', kind: 'CASH_IN', client_id: 'ana', organization_id: 'bank-a', amount: '5', created_at: AT });
  });
  afterAll(() => database.drop());

  const facts = () => ledgerFacts(database.knex, NO_CHAIN, 'ulps');

  it('tells each asked bank’s status, and anything but a commercial bank as not a bank', async () => {
    const { banks } = await facts().recorded({ banks: ['bank-a', 'bank-b', 'central', 'unknown'], paymentIds: [], movementIds: [] });
    expect(banks).toEqual(new Map([['bank-a', { status: 'ACTIVE' }], ['bank-b', { status: 'SUSPENDED' }], ['central', { status: 'NOT_A_BANK' }]]));
  });

  it('returns the recorded payments among those asked, with their parties, exact amount and request fingerprint', async () => {
    const { payments } = await facts().recorded({ banks: [], paymentIds: ['paid', 'never-paid'], movementIds: [] });
    expect(payments).toEqual(
      new Map([
        [
          'paid',
          {
            paymentId: 'paid',
            kind: 'INTERNAL',
            amount: '123456789012345678901234567890',
            reference: 'Almuerzo',
            senderClientId: 'ana',
            senderOrganizationId: 'bank-a',
            senderAlias: 'ana',
            recipientClientId: 'beto',
            recipientOrganizationId: 'bank-a',
            recipientAlias: 'beto',
            createdAt: AT,
            requestFingerprint: 'f1',
          },
        ],
      ]),
    );
  });

  it('tells which of the asked cash movements are recorded', async () => {
    const { movements } = await facts().recorded({ banks: [], paymentIds: [], movementIds: ['cashed', 'never-cashed'] });
    expect(movements).toEqual(new Set(['cashed']));
  });

  it('answers all three in one statement', async () => {
    // Every statement this process sends, whichever way (knex or a connection of its pool).
    const sent = jest.spyOn(pg.Client.prototype, 'query');
    try {
      const all = await facts().recorded({ banks: ['bank-a'], paymentIds: ['paid'], movementIds: ['cashed'] });
      expect([all.banks.size, all.payments.size, all.movements.size]).toEqual([1, 1, 1]);
      expect(sent).toHaveBeenCalledTimes(1);
      expect(sent.mock.calls[0]![0]).toEqual(expect.stringContaining('ip_cash_movements'));
    } finally {
      sent.mockRestore();
    }
  });

  describe('the banks’ status as an append’s precondition (banksStill)', () => {
    const check = (banks: Array<[string, string]>) => {
      const { sql, values } = facts().banksStill!(new Map(banks.map(([id, status]) => [id, { status }])));
      return database.knex.raw(sql, values as string[]);
    };

    it('holds while every bank given still has the status given, read as the facts read it', async () => {
      await expect(check([['bank-a', 'ACTIVE'], ['bank-b', 'SUSPENDED'], ['central', 'NOT_A_BANK']])).resolves.toBeDefined();
    });

    it('fails the statement with EM001 when a bank’s status has changed', async () => {
      await expect(check([['bank-a', 'ACTIVE'], ['bank-b', 'ACTIVE']])).rejects.toMatchObject({ code: 'EM001' });
    });

    it('fails the statement with EM001 for a bank that is not there', async () => {
      await expect(check([['unknown', 'ACTIVE']])).rejects.toMatchObject({ code: 'EM001' });
    });
  });
});
