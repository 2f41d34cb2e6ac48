import type { Knex } from 'knex';
import { activityLogProjection } from '../../projections/activity-log';
import { instantPaymentsProjection } from '../../projections/instant-payments';
import { listActivity } from '../../read-side/activity-log';
import { listBankClients } from '../../read-side/instant-payments';
import { listOrganizations, OrganizationRecord } from '../../read-side/organizations';
import { paginateCounted } from '../../read-side/pagination';
import { clientRegistration } from '../support/instant-payments-events';
import { eventLog } from '../support/recorded-events';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/** Rows the writer below records, one commit each: fewer than a page holds, so every answer's page is the whole list. */
const RECORDED = 80;
const PAGE = { page: 1, pageSize: 100 };

/**
 * Reads `list` again and again while `record(n)` commits rows 1..RECORDED one at a time, as the
 * projections do under live traffic; every answer's page and total, as pairs of (items, total), the
 * last read after the last commit.
 */
async function readWhileRecording(record: (n: number) => Promise<void>, list: () => Promise<{ items: unknown[]; total: number }>): Promise<Array<[number, number]>> {
  let recording = true;
  const writer = (async () => {
    try {
      for (let n = 1; n <= RECORDED; n++) await record(n);
    } finally {
      recording = false;
    }
  })();
  const answers: Array<[number, number]> = [];
  while (recording) {
    const page = await list();
    answers.push([page.items.length, page.total]);
  }
  await writer;
  const last = await list();
  answers.push([last.items.length, last.total]);
  return answers;
}

/** Contract "Lists": a page's `total` counts the list the page is of, at the same moment, whatever the projections commit meanwhile. */
describe("A list's page and its total are read in one snapshot", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it('pairs a list counted from its own rows (the organizations) with the page of the same moment', async () => {
    const now = new Date();
    const answers = await readWhileRecording(
      (n) => database.knex('organizations').insert({ id: `bank-${n}`, name: `Bank ${n}`, type: 'COMMERCIAL', status: 'ACTIVE', created_at: now, updated_at: now }),
      () => listOrganizations(database.knex, { ...PAGE, type: 'COMMERCIAL' }, (organization) => organization.id),
    );

    expect(answers.length).toBeGreaterThan(10);
    expect(answers.at(-1)).toEqual([RECORDED, RECORDED]);
    expect(answers.filter(([items, total]) => items !== total)).toEqual([]);
  });

  it("pairs a list with a kept count (a bank's clients, counted as they register) with the page of the same moment", async () => {
    const event = eventLog('2026-11-01T10:00:00.000Z');
    const answers = await readWhileRecording(
      (n) =>
        database.knex.transaction((trx) =>
          instantPaymentsProjection.applyBatch(trx, [event('ip-bank-bank-1', 'InstantPaymentClientRegistered', clientRegistration('bank-1', `client-${n}`, '100'))]),
        ),
      () => listBankClients(database.knex, 'bank-1', PAGE),
    );

    expect(answers.length).toBeGreaterThan(10);
    expect(answers.at(-1)).toEqual([RECORDED, RECORDED]);
    expect(answers.filter(([items, total]) => items !== total)).toEqual([]);
  });

  it("pairs the activity log's page with its running total of the same moment", async () => {
    const event = eventLog('2026-11-01T10:00:00.000Z');
    const administrator = { userId: 'u-1', organizationId: 'central', organizationType: 'CENTRAL' as const, role: 'administrator' as const };
    const invited = (n: number) =>
      event(`invitation-${n}`, 'InvitationCreated', { invitationId: `invitation-${n}`, organizationId: 'central', email: `person${n}@central.test`, role: 'viewer', expiresAt: '2026-11-08T10:00:00.000Z' });
    const answers = await readWhileRecording(
      (n) => database.knex.transaction((trx) => activityLogProjection.applyBatch(trx, [invited(n)])),
      () => listActivity(database.knex, administrator, PAGE),
    );

    expect(answers.length).toBeGreaterThan(10);
    expect(answers.at(-1)).toEqual([RECORDED, RECORDED]);
    expect(answers.filter(([items, total]) => items !== total)).toEqual([]);
  });
});

/** Statements a read sends, counted as the driver sends them (a transaction's BEGIN and COMMIT are statements too). */
async function statementsOf(knex: Knex, read: () => Promise<unknown>): Promise<number> {
  let sent = 0;
  const count = () => sent++;
  knex.on('query', count);
  try {
    await read();
  } finally {
    knex.off('query', count);
  }
  return sent;
}

describe('A page with rows is read with its total in one statement', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const now = new Date();
    await database.knex('organizations').insert(
      Array.from({ length: 5 }, (_, index) => ({ id: `bank-${index}`, name: `Bank ${index}`, type: 'COMMERCIAL', status: 'ACTIVE', created_at: now, updated_at: now })),
    );
    const event = eventLog('2026-11-01T10:00:00.000Z');
    await database.knex.transaction((trx) =>
      instantPaymentsProjection.applyBatch(
        trx,
        Array.from({ length: 3 }, (_, index) => event('ip-bank-bank-1', 'InstantPaymentClientRegistered', clientRegistration('bank-1', `client-${index}`, '100'))),
      ),
    );
  });
  afterAll(() => database?.drop());

  it('counts a list from its own rows in the statement that reads the page (a snapshot transaction took four)', async () => {
    let page: { items: string[]; total: number } | undefined;
    const sent = await statementsOf(database.knex, async () => {
      page = await listOrganizations(database.knex, { page: 2, pageSize: 2, type: 'COMMERCIAL' }, (organization) => organization.id);
    });

    expect(sent).toBe(1);
    expect(page).toEqual({ items: ['bank-2', 'bank-3'], total: 5, page: 2, pageSize: 2 });
  });

  it("reads a bank's kept count of clients in the statement that reads the page", async () => {
    let page: Awaited<ReturnType<typeof listBankClients>> | undefined;
    const sent = await statementsOf(database.knex, async () => {
      page = await listBankClients(database.knex, 'bank-1', { page: 1, pageSize: 2 });
    });

    expect(sent).toBe(1);
    expect(page?.total).toBe(3);
    expect(page?.items).toHaveLength(2);
  });

  describe("the activity log's page and total, whichever count answers it", () => {
    const administrator = { userId: 'u-1', organizationId: 'central', organizationType: 'CENTRAL' as const, role: 'administrator' as const };
    beforeAll(async () => {
      const event = eventLog('2026-11-01T10:00:00.000Z');
      const invited = (n: number) =>
        event(`invitation-${n}`, 'InvitationCreated', { invitationId: `invitation-${n}`, organizationId: 'central', email: `person${n}@central.test`, role: 'viewer', expiresAt: '2026-11-08T10:00:00.000Z' });
      const accountCreated = event('account-reserve', 'AccountCreated', {
        accountId: 'reserve',
        organizationId: 'central',
        label: 'Reserve',
        type: 'ISSUANCE',
        address: 'emisor1reserve',
        groupId: '1',
        members: [{ userId: 'u-1', weight: 1 }],
        threshold: 1,
        createdBy: 'u-1',
        createdAt: '2026-11-01T10:00:00.000Z',
        txHash: 'AB',
      });
      await database.knex.transaction((trx) => activityLogProjection.applyBatch(trx, [accountCreated, invited(1), invited(2), invited(3)]));
    });

    it.each([
      ['the whole feed (its running total)', {}, 4, 2],
      ['a filter that narrows it (its matches counted)', { type: 'USER_INVITED' as const }, 3, 2],
      ["an account's entries (its running total)", { multisigId: 'reserve' }, 1, 1],
      ["an account's entries under a filter (its own and received entries counted)", { multisigId: 'reserve', kind: 'ADMIN' as const }, 1, 1],
    ])('reads %s in one statement', async (_list, filter, total, items) => {
      let page: Awaited<ReturnType<typeof listActivity>> | undefined;
      const sent = await statementsOf(database.knex, async () => {
        page = await listActivity(database.knex, administrator, { page: 1, pageSize: 2, ...filter });
      });

      expect(sent).toBe(1);
      expect(page).toMatchObject({ total, page: 1, pageSize: 2 });
      expect(page?.items).toHaveLength(items);
    });

    it('answers a page past its end with the total, counted in a second statement', async () => {
      let page: Awaited<ReturnType<typeof listActivity>> | undefined;
      const sent = await statementsOf(database.knex, async () => {
        page = await listActivity(database.knex, administrator, { page: 5, pageSize: 2, type: 'USER_INVITED' });
      });

      expect(sent).toBe(2);
      expect(page).toEqual({ items: [], total: 3, page: 5, pageSize: 2 });
    });
  });

  it('answers a page past the end with the total, counted in a second statement', async () => {
    let page: { items: string[]; total: number } | undefined;
    const sent = await statementsOf(database.knex, async () => {
      page = await listOrganizations(database.knex, { page: 9, pageSize: 2, type: 'COMMERCIAL' }, (organization) => organization.id);
    });

    expect(sent).toBe(2);
    expect(page).toEqual({ items: [], total: 5, page: 9, pageSize: 2 });
  });

  it('answers an empty list with a total of zero, counted in a second statement', async () => {
    let page: Awaited<ReturnType<typeof listBankClients>> | undefined;
    const sent = await statementsOf(database.knex, async () => {
      page = await listBankClients(database.knex, 'bank-without-clients', { page: 1, pageSize: 2 });
    });

    expect(sent).toBe(2);
    expect(page).toEqual({ items: [], total: 0, page: 1, pageSize: 2 });
  });

  it('reads an empty page again with its count in one snapshot when the count reaches into it (rows recorded between the two statements)', async () => {
    const statements: string[] = [];
    const record = ({ sql }: { sql: string }) => statements.push(sql.split(' ')[0]!);
    database.knex.on('query', record);
    try {
      // A count of three beside a page that finds nothing: what a page read before its rows' commit and a count read after it see.
      const page = await paginateCounted(
        database.knex,
        (db) => OrganizationRecord.query(db).whereRaw('false').orderBy('id'),
        (db) => db.select(db.raw('3')),
        { page: 1, pageSize: 2 },
        (organization) => organization.id,
      );
      expect(page).toEqual({ items: [], total: 3, page: 1, pageSize: 2 });
    } finally {
      database.knex.off('query', record);
    }
    expect(statements).toEqual(['select', 'select', 'BEGIN', 'select', 'select', 'COMMIT;']);
  });
});
