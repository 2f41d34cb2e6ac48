import { EXPORT_APPLICATION_NAME, formatAmount, governanceExport } from '../../read-side/exports';
import { buildWorld, expectOk, type Account, type World } from './world';

let w: World;
let tricky: Account;
beforeAll(async () => {
  w = await buildWorld();
  // Text a spreadsheet would run as a formula, in an account label and a proposal title.
  tricky = await expectOk(w.f.as(w.admin).post('/multisigs', { label: '=HYPERLINK("http://x","y")', members: [{ userId: w.admin.id, weight: 1 }], threshold: 1 }));
  await expectOk(w.f.as(w.admin).post(`/multisigs/${w.issuance.id}/proposals/mint`, { title: '+SUM(A1:A9)', amount: '5', denom: 'ulps', recipient: tricky.address }));
}, 60000);
afterAll(() => w?.f.stop());

const download = (session: World['admin'], path: string) => w.f.as(session).get(`/export/${path}`).buffer(true);

/** RFC 4180 records: quoted fields, doubled quotes, CRLF line ends (a field may hold line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let offset = 0;
  while (offset < text.length) {
    const record: string[] = [];
    for (;;) {
      expect(text[offset]).toBe('"');
      let end = offset + 1;
      while (!(text[end] === '"' && text[end + 1] !== '"')) end += text[end] === '"' ? 2 : 1;
      record.push(text.slice(offset + 1, end).replace(/""/g, '"'));
      offset = end + 1;
      if (text.startsWith('\r\n', offset)) break;
      expect(text[offset]).toBe(',');
      offset++;
    }
    records.push(record);
    offset += 2;
  }
  return records;
}

const table = (text: string) => {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])));
};

describe('amounts', () => {
  it.each([
    ['125000', 2, '1250.00'],
    ['5', 2, '0.05'],
    ['0', 2, '0.00'],
    ['1234567', 0, '1234567'],
    ['1', 6, '0.000001'],
  ])('formats %s with exponent %d as %s', (amount, exponent, formatted) => {
    expect(formatAmount(amount, exponent)).toBe(formatted);
  });
});

describe('GET /export/transactions', () => {
  it('downloads RFC 4180 CSV by default, as a dated attachment', async () => {
    const response = await download(w.admin, 'transactions');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="emisor-transactions-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(response.text.endsWith('\r\n')).toBe(true);
    expect(response.text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const rows = table(response.text);
    expect(Object.keys(rows[0]!)).toEqual(['time', 'height', 'txHash', 'operationId', 'multisigId', 'account', 'address', 'direction', 'kind', 'counterparty', 'denom', 'symbol', 'amount', 'amountFormatted']);
    expect(rows).toContainEqual(expect.objectContaining({ operationId: w.operations.mintToReserve, multisigId: w.reserve.id, account: 'Reserve', direction: 'IN', kind: 'MINT', amount: '50000', amountFormatted: '500.00', symbol: 'L' }));
    expect(rows).toContainEqual(expect.objectContaining({ operationId: w.operations.disbursement, multisigId: w.bridging.id, direction: 'OUT', kind: 'SEND', counterparty: w.treasury.address, amount: '30000' }));
    // The central bank's export never includes the bank's account.
    expect(rows.some((row) => row.multisigId === w.treasury.id)).toBe(false);
  });

  it('writes the block time as ISO 8601 in UTC to the millisecond', async () => {
    const rows = table((await download(w.admin, 'transactions')).text);
    const stored: Array<{ tx_hash: string; block_time: Date }> = await w.f.runtime.db('chain_movements').whereIn('tx_hash', rows.map((row) => row.txHash)).select('tx_hash', 'block_time');
    const times = new Map(stored.map((row) => [row.tx_hash, row.block_time.toISOString()]));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.time).toBe(times.get(row.txHash!));
  });

  it('downloads JSON on request, with both amount forms', async () => {
    const response = await download(w.admin, `transactions?format=json&multisigId=${w.reserve.id}`);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="emisor-transactions-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(JSON.parse(response.text)).toEqual([
      expect.objectContaining({ multisigId: w.reserve.id, kind: 'MINT', amount: '50000', amountFormatted: '500.00', exponent: 2, height: expect.any(Number) }),
    ]);
  });

  it('shows administrators and auditors every account, members only theirs', async () => {
    const accounts = (text: string) => new Set(table(text).map((row) => row.multisigId));
    const everything = accounts((await download(w.admin, 'transactions')).text);
    expect(accounts((await download(w.ana, 'transactions')).text)).toEqual(everything);
    expect(everything).toEqual(new Set([w.bridging.id, w.reserve.id, tricky.id]));
    expect(accounts((await download(w.mia, 'transactions')).text)).toEqual(new Set([w.reserve.id]));
    expect((await download(w.mia, `transactions?multisigId=${w.bridging.id}`)).status).toBe(404);
    expect(table((await download(w.bank.admin, 'transactions')).text).map((row) => [row.multisigId, row.direction, row.amount])).toEqual([[w.treasury.id, 'IN', '30000']]);
  });

  it('restricts to a date range', async () => {
    expect(table((await download(w.admin, 'transactions?from=2999-01-01')).text)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(table((await download(w.admin, `transactions?from=${today}&to=${today}`)).text).length).toBe(4);
    expect((await download(w.admin, 'transactions?format=xml')).status).toBe(400);
  });

  it('neutralises spreadsheet formulas', async () => {
    const rows = table((await download(w.admin, `transactions?multisigId=${tricky.id}`)).text);
    expect(rows.map((row) => row.account)).toEqual(['\'=HYPERLINK("http://x","y")']);
  });
});

describe('GET /export/governance', () => {
  it('downloads the activity log with lifecycle, tally and amounts', async () => {
    const response = await download(w.admin, 'governance');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="emisor-governance-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = table(response.text);
    expect(rows.map((row) => row.occurredAt)).toEqual(rows.map((row) => row.occurredAt).sort());
    expect(rows).toContainEqual(
      expect.objectContaining({ operationId: w.operations.openTransfer, kind: 'CHAIN', type: 'TRANSFER', status: 'SUBMITTED', votesYes: '1', threshold: '2', amount: '1250', amountFormatted: '12.50' }),
    );
    expect(rows).toContainEqual(expect.objectContaining({ kind: 'ADMIN', type: 'USER_INVITED', actorName: 'Central Bank Administrator' }));
    expect(rows.find((row) => row.title === '\'+SUM(A1:A9)')).toBeDefined();
  });

  it('gives members the entries of their own accounts and the ADMIN entries tied to no account (contract Visibility)', async () => {
    const entries = JSON.parse((await download(w.mia, 'governance?format=json')).text) as Array<{ multisigId: string | null; counterpartyMultisigId: string; kind: string; summary: unknown }>;
    expect(entries.length).toBeGreaterThan(0);
    expect(
      entries.every(
        (entry) => entry.multisigId === w.reserve.id || entry.counterpartyMultisigId === w.reserve.id || (entry.kind === 'ADMIN' && entry.multisigId === null),
      ),
    ).toBe(true);
    expect(entries.find((entry) => entry.kind === 'ADMIN')?.summary).toEqual(expect.any(Object));
    const everything = JSON.parse((await download(w.admin, 'governance?format=json')).text) as unknown[];
    expect(JSON.parse((await download(w.ana, 'governance?format=json')).text)).toEqual(everything);
  });

  it('releases its cursor when the client stops reading', async () => {
    // More entries than a download buffers ahead, so the export is still in its cursor when the client stops.
    await w.f.runtime.db.raw(
      `insert into activity_log (operation_id, organization_id, kind, type, side, subject_type, subject_id, subject_organization_id, summary, occurred_at)
       select 'bulk-' || n, ?, 'ADMIN', 'USER_INVITED', 'ORIGIN', 'Invitation', 'bulk-' || n, ?, '{}', now() from generate_series(1, 3000) n`,
      [w.admin.organizationId, w.admin.organizationId],
    );
    const exporting = async () =>
      (await w.f.runtime.db.raw(`select pid, state from pg_stat_activity where application_name = ?`, [EXPORT_APPLICATION_NAME])).rows as Array<{ pid: number; state: string }>;
    const principal = (await w.f.runtime.services.resolvePrincipal({ sub: w.admin.id, org: w.admin.organizationId, orgType: 'CENTRAL', role: 'administrator', typ: 'access' }))!;
    const file = await governanceExport(w.f.runtime.db, principal, { format: 'csv' });
    const reading = file.body[Symbol.asyncIterator]();
    const first = String((await reading.next()).value);
    expect(first).toMatch(/^"operationId"/);
    expect(first).toMatch(/\r\n"bulk-/); // rows arrived, and thousands more are still in the cursor
    const [backend] = await exporting();
    expect(backend?.state).toMatch(/^(idle in transaction|active)/);

    // The client stops: the stream is destroyed, and closes once the export's transaction has been rolled back.
    const closed = file.body.closed ? Promise.resolve() : new Promise((resolve) => file.body.once('close', resolve));
    await reading.return!();
    await closed;
    expect(await exporting()).toEqual([]);
    const { rows } = await w.f.runtime.db.raw(`select state from pg_stat_activity where pid = ?`, [backend!.pid]);
    expect(rows.map((row: { state: string }) => row.state)).not.toContainEqual(expect.stringMatching(/in transaction/));
  });

  it('needs read · Export', async () => {
    expect((await w.f.request.get('/api/export/governance')).status).toBe(401);
  });
});
