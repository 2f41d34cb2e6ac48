import { AccountCreationRecovery } from '../../write-side/account/creation-recovery';
import type { Chain } from '../../write-side/chain/chain';
import type { NewEvent } from '../../write-side/event-store/event-store';
import { storeHead } from '../api/store-head';
import { startGovernance, type GovernanceFixture, type Session } from '../governance/fixture';

/**
 * Issue 8 item 5: `POST /multisigs` creates the account's group on the chain and records the account;
 * a failure between the two must neither leave a group nobody records nor let the retry create a
 * second one. A retry with the same Idempotency-Key finishes the recorded creation.
 */

let f: GovernanceFixture;
let member: Session;
let realChain: Chain;
/** Set: the next broadcast reaches the chain, then its answer is lost (the caller sees a failure). */
let loseNextAnswer = false;
/** Set: the next append of AccountCreated fails as if the database connection dropped. */
let failNextAccountCreated = false;

beforeAll(async () => {
  f = await startGovernance();
  member = await f.invite(f.admin, 'member', 'Mara');
  const services = f.runtime.services as { chain: Chain };
  realChain = services.chain;
  services.chain = new Proxy(realChain, {
    get(target, property) {
      if (property === 'broadcast')
        return async (bytes: Uint8Array) => {
          const result = await target.broadcast(bytes);
          if (loseNextAnswer) {
            loseNextAnswer = false;
            throw new Error('socket hang up');
          }
          return result;
        };
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const store = f.runtime.services.eventStore;
  const append = store.append.bind(store);
  store.append = async (streamId: string, events: NewEvent[], expectedVersion) => {
    if (failNextAccountCreated && events.some((event) => event.type === 'AccountCreated')) {
      failNextAccountCreated = false;
      throw new Error('Connection terminated unexpectedly');
    }
    return append(streamId, events, expectedVersion);
  };
}, 60000);
afterAll(async () => {
  if (!f) return;
  (f.runtime.services as { chain: Chain }).chain = realChain;
  await f.stop();
});

/** Policy addresses of the groups the chain created above `fromHeight`, as its blocks record them. */
async function groupsCreatedSince(fromHeight: number): Promise<string[]> {
  const addresses: string[] = [];
  const top = await realChain.getHeight();
  for (let height = fromHeight + 1; height <= top; height++) {
    const block = await realChain.getBlockResults(height);
    for (const tx of block?.txs ?? [])
      for (const event of tx.events)
        if (event.type === 'cosmos.group.v1.EventCreateGroupPolicy')
          addresses.push(JSON.parse(event.attributes.find((attribute) => attribute.key === 'address')!.value));
  }
  return addresses;
}

async function accountsLabelled(label: string): Promise<Array<{ id: string; address: string }>> {
  const listed = await f.as(f.admin).get('/multisigs?pageSize=100');
  expect(listed.status).toBe(200);
  return listed.body.items.filter((account: { label: string }) => account.label === label);
}

const body = (label: string) => ({
  label,
  members: [
    { userId: f.admin.id, weight: 1 },
    { userId: member.id, weight: 1 },
  ],
  threshold: 2,
});

describe('POST /multisigs that fails half-way', () => {
  it('answers 503 when the chain’s answer is lost after it created the group; the retry with the same key records that group, no second one', async () => {
    const before = await realChain.getHeight();
    loseNextAnswer = true;
    const first = await f.as(f.admin).post('/multisigs', body('Lost answer'), { 'Idempotency-Key': 'lost-answer-1' });
    expect([first.status, first.body.code]).toEqual([503, 'DEPENDENCY_UNAVAILABLE']);
    expect(first.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(await groupsCreatedSince(before)).toHaveLength(1);
    expect(await accountsLabelled('Lost answer')).toEqual([]);

    const retry = await f.as(f.admin).post('/multisigs', body('Lost answer'), { 'Idempotency-Key': 'lost-answer-1' });
    expect(retry.status).toBe(201);
    const groups = await groupsCreatedSince(before);
    expect(groups).toEqual([retry.body.address]);
    expect(await accountsLabelled('Lost answer')).toEqual([expect.objectContaining({ id: retry.body.id, address: retry.body.address })]);
    expect(await realChain.getGroupPolicy(retry.body.address)).toMatchObject({ threshold: 2n, totalWeight: 2n });

    const again = await f.as(f.admin).post('/multisigs', body('Lost answer'), { 'Idempotency-Key': 'lost-answer-1' });
    expect([again.status, again.body.id]).toEqual([201, retry.body.id]);
    expect(await groupsCreatedSince(before)).toHaveLength(1);
  });

  it('answers 503 when recording the created account fails; the retry with the same key records the group already created', async () => {
    const before = await realChain.getHeight();
    failNextAccountCreated = true;
    const first = await f.as(f.admin).post('/multisigs', body('Lost record'), { 'Idempotency-Key': 'lost-record-1' });
    expect([first.status, first.body.code]).toEqual([503, 'DEPENDENCY_UNAVAILABLE']);
    expect(await groupsCreatedSince(before)).toHaveLength(1);
    expect(await accountsLabelled('Lost record')).toEqual([]);

    const retry = await f.as(f.admin).post('/multisigs', body('Lost record'), { 'Idempotency-Key': 'lost-record-1' });
    expect(retry.status).toBe(201);
    expect(await groupsCreatedSince(before)).toEqual([retry.body.address]);
    expect(await accountsLabelled('Lost record')).toHaveLength(1);
  });

  it('refuses the same key with another body (409 IDEMPOTENCY_KEY_REUSED) and creates nothing for it', async () => {
    const first = await f.as(f.admin).post('/multisigs', body('Keyed'), { 'Idempotency-Key': 'keyed-1' });
    expect(first.status).toBe(201);
    const before = await realChain.getHeight();
    const other = await f.as(f.admin).post('/multisigs', body('Keyed, other body'), { 'Idempotency-Key': 'keyed-1' });
    expect([other.status, other.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await groupsCreatedSince(before)).toEqual([]);
    expect(await accountsLabelled('Keyed, other body')).toEqual([]);
  });

  it('creates one account per request when many are created at once (the operator’s sequence is shared)', async () => {
    const before = await realChain.getHeight();
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => f.as(f.admin).post('/multisigs', body(`Parallel ${n}`), { 'Idempotency-Key': `parallel-${n}` })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect((await groupsCreatedSince(before)).sort()).toEqual(answers.map((answer) => answer.body.address).sort());
  });
});

describe('the periodic recovery of account creations', () => {
  /** The read models have applied everything recorded so far. */
  async function caughtUp(): Promise<void> {
    const head = await storeHead(f.runtime.services);
    if (head) await f.runtime.services.commands.awaitProjections(head, { readModels: ['accounts'] });
  }
  const pendingCreations = async () => Number((await f.runtime.services.db('pending_account_creations').count<{ count: string }[]>('* as count'))[0]!.count);

  it('finishes a creation nobody retries (no Idempotency-Key): the group the chain created becomes the account, once', async () => {
    const before = await realChain.getHeight();
    loseNextAnswer = true;
    const lost = await f.as(f.admin).post('/multisigs', body('Not retried'));
    expect([lost.status, lost.body.code]).toEqual([503, 'DEPENDENCY_UNAVAILABLE']);
    await caughtUp();
    expect(await pendingCreations()).toBe(1);
    expect(await accountsLabelled('Not retried')).toEqual([]);

    const recovery = new AccountCreationRecovery({ ...f.runtime.services }, { staleMs: 0 });
    await recovery.tick();
    await recovery.tick();
    await caughtUp();
    const [account] = await accountsLabelled('Not retried');
    expect(await groupsCreatedSince(before)).toEqual([account!.address]);
    expect(await accountsLabelled('Not retried')).toHaveLength(1);
    expect(await pendingCreations()).toBe(0);
  });

  it('leaves a creation younger than its stale age to the request still working on it', async () => {
    loseNextAnswer = true;
    const lost = await f.as(f.admin).post('/multisigs', body('Still young'));
    expect(lost.status).toBe(503);
    await caughtUp();
    const before = await realChain.getHeight();
    await new AccountCreationRecovery({ ...f.runtime.services }, { staleMs: 60_000 }).tick();
    await caughtUp();
    expect(await accountsLabelled('Still young')).toEqual([]);
    expect(await pendingCreations()).toBe(1);
    expect(await groupsCreatedSince(before)).toEqual([]);
    await new AccountCreationRecovery({ ...f.runtime.services }, { staleMs: 0 }).tick();
    await caughtUp();
    expect(await accountsLabelled('Still young')).toHaveLength(1);
    expect(await pendingCreations()).toBe(0);
  });
});
