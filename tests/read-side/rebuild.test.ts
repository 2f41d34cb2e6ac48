import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildWorld, expectOk, type World } from './world';

const run = promisify(execFile);

let w: World;
beforeAll(async () => {
  w = await buildWorld();
  // A decided proposal and a redemption back from the bank, so that every kind of row exists.
  await expectOk(w.f.as(w.mia).post(`/multisigs/${w.reserve.id}/proposals/${w.operations.openTransfer}/votes`, { option: 'YES' }));
  await expectOk(w.f.as(w.bank.admin).post(`/organizations/${w.bank.organizationId}/redemption-request`, { amount: '700' }));
}, 60000);
afterAll(() => w?.f.stop());

/** Every answer of the read side, byte for byte, for a caller of each kind. */
async function snapshot(): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  const sessions = { admin: w.admin, mia: w.mia, bank: w.bank.admin };
  for (const [who, session] of Object.entries(sessions)) {
    const paths = [
      '/activity-log?pageSize=500',
      `/activity-log?multisigId=${w.reserve.id}`,
      '/activity-log?kind=ADMIN&pageSize=7',
      '/activity-log?type=MINT',
      '/dashboard/metrics',
      '/export/transactions',
      '/export/transactions?format=json',
      '/export/governance',
      '/export/governance?format=json',
    ];
    const feed = (await expectOk(w.f.as(session).get('/activity-log?pageSize=500'))).items as Array<{ id: string }>;
    for (const entry of feed) paths.push(`/operations/${entry.id}`);
    for (const path of paths) {
      const response = await w.f.as(session).get(path).buffer(true);
      answers[`${who} GET ${path}`] = `${response.status} ${response.headers['content-type']}\n${response.text}`;
    }
  }
  return answers;
}

describe('npm run projections:rebuild -- --all', () => {
  it('rebuilds every read model from the event store into byte-identical answers', async () => {
    const before = await snapshot();
    expect(Object.keys(before).length).toBeGreaterThan(50);
    // Damage the read models, so that only a real replay can give the answers back.
    await w.f.runtime.db('activity_log').where({ kind: 'CHAIN' }).delete();
    await w.f.runtime.db('chain_balances').update({ amount: 1 });
    await w.f.runtime.db('activity_log_totals').delete();
    expect(await snapshot()).not.toEqual(before);

    const { stdout } = await run('npm', ['run', '--silent', 'projections:rebuild', '--', '--all'], {
      cwd: join(__dirname, '../..'),
      env: { ...process.env, DATABASE_URL: w.f.database.url, LOG_LEVEL: 'silent' },
      timeout: 60000,
    });
    expect(stdout).toMatch(/Rebuilt activity-log: applied \d+ of \d+ events/);
    expect(stdout).toMatch(/Rebuilt balances: applied \d+ of \d+ events/);
    expect(stdout).toMatch(/Replayed \d+ events into \d+ projection\(s\) in \d+ ms: \d+ events\/s/);

    const after = await snapshot();
    for (const key of Object.keys(before)) expect([key, after[key]]).toEqual([key, before[key]]);
    expect(Object.keys(after)).toEqual(Object.keys(before));
  }, 90000);
});
