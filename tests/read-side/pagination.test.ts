import { activityLogProjection } from '../../projections/activity-log';
import { instantPaymentsProjection } from '../../projections/instant-payments';
import { listActivity } from '../../read-side/activity-log';
import { listBankClients } from '../../read-side/instant-payments';
import { listOrganizations } from '../../read-side/organizations';
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
