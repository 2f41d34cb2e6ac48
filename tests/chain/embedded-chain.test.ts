import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { proposalExecuted } from '../../write-side/chain/chain';
import { EmbeddedChain } from '../../write-side/chain/embedded-chain';
import { generateCustodyKey, verifySignature, type CustodyKey } from '../../write-side/chain/keys';
import { signaturesToCheck } from '../../write-side/chain/ledger-state';
import {
  msgBurn,
  msgChangeAdmin,
  msgCreateDenom,
  msgCreateGroupWithPolicy,
  msgMint,
  msgSend,
  msgSubmitProposal,
  msgUpdateGroupMembers,
  msgUpdateGroupPolicyDecisionPolicy,
  type ChainMessage,
} from '../../write-side/chain/messages';
import { signAndBroadcast } from '../../write-side/chain/signer';
import { signTransaction, txHash } from '../../write-side/chain/transactions';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { CHAIN_ID, DENOM, expectSuccess, fund, PREFIX, startChain, type ChainFixture } from './chain-fixture';

const newKey = () => generateCustodyKey(PREFIX);
let proposalCount = 0;
const metadata = () => ({ proposalId: `p-${++proposalCount}`, title: 'Test proposal', creatorId: 'user-1' });

/** Signs by hand (for forgeries and stale sequences) with the signer's current account number and sequence. */
async function signedBy(fixture: ChainFixture, keys: CustodyKey[], messages: ChainMessage[], overrides: { chainId?: string; sequence?: number } = {}) {
  const signers = await Promise.all(
    keys.map(async (key) => {
      const account = await fixture.chain.getAccount(key.address);
      return { key, accountNumber: account?.accountNumber ?? 0, sequence: overrides.sequence ?? account?.sequence ?? 0 };
    }),
  );
  return signTransaction({ chainId: overrides.chainId ?? CHAIN_ID, signers, messages });
}

describe('embedded ledger chain', () => {
  let database: TestDatabase;
  let fixture: ChainFixture;
  const alice = newKey();
  const bob = newKey();

  beforeAll(async () => {
    database = await createTestDatabase();
    fixture = await startChain(database);
    await fund(fixture, alice.address, 1_000n);
  });
  afterAll(async () => {
    await fixture.chain.close();
    await database.drop();
  });

  describe('bank and token factory', () => {
    it('moves value with a send and refuses an overdraft with the reason, applying nothing', async () => {
      const sent = expectSuccess(await signAndBroadcast(fixture.chain, [alice], [msgSend(alice.address, bob.address, 100n, DENOM)]));
      expect(sent.height).toBeGreaterThan(0);
      expect(await fixture.chain.getBalance(bob.address, DENOM)).toBe(100n);

      const bobBefore = await fixture.chain.getAccount(bob.address);
      const overdraft = await signAndBroadcast(fixture.chain, [bob], [msgSend(bob.address, alice.address, 500n, DENOM)]);
      expect(overdraft.code).toBe(5);
      expect(overdraft.rawLog).toContain('insufficient funds');
      expect(overdraft.rawLog).toContain('spendable balance 100ulps');
      // Included in a block (its sequence is consumed) but without effect.
      expect(overdraft.height).toBeGreaterThan(0);
      expect((await fixture.chain.getAccount(bob.address))!.sequence).toBe(bobBefore!.sequence + 1);
      expect(await fixture.chain.getBalance(bob.address, DENOM)).toBe(100n);
      expect(await fixture.chain.getAllBalances(alice.address)).toEqual([{ denom: DENOM, amount: 900n }]);
    });

    it('lets the denom admin mint and burn, changing the supply', async () => {
      const supply = await fixture.chain.getSupply(DENOM);
      const operator = fixture.operator;
      expectSuccess(await signAndBroadcast(fixture.chain, [operator], [msgMint(operator.address, 500n, DENOM, operator.address)]));
      expectSuccess(await signAndBroadcast(fixture.chain, [operator], [msgBurn(operator.address, 200n, DENOM, operator.address)]));
      expect(await fixture.chain.getSupply(DENOM)).toBe(supply + 300n);
      expect(await fixture.chain.getBalance(operator.address, DENOM)).toBe(300n);
    });

    it('refuses a mint by anyone but the denom admin', async () => {
      const supply = await fixture.chain.getSupply(DENOM);
      const result = await signAndBroadcast(fixture.chain, [alice], [msgMint(alice.address, 1_000_000n, DENOM, alice.address)]);
      expect(result.code).toBe(4);
      expect(result.rawLog).toContain(`${alice.address} is not the admin of denom ${DENOM}: unauthorized`);
      expect(await fixture.chain.getSupply(DENOM)).toBe(supply);
    });

    it('creates a factory denom administered by its creator, and hands the admin over', async () => {
      const created = expectSuccess(await signAndBroadcast(fixture.chain, [alice], [msgCreateDenom(alice.address, 'bond')]));
      const denom = `factory/${alice.address}/bond`;
      expect(created.newTokenDenom).toBe(denom);
      expectSuccess(await signAndBroadcast(fixture.chain, [alice], [msgMint(alice.address, 7n, denom, bob.address)]));
      expectSuccess(await signAndBroadcast(fixture.chain, [alice], [msgChangeAdmin(alice.address, denom, bob.address)]));
      expect((await signAndBroadcast(fixture.chain, [alice], [msgMint(alice.address, 1n, denom, alice.address)])).code).toBe(4);
      expectSuccess(await signAndBroadcast(fixture.chain, [bob], [msgBurn(bob.address, 7n, denom, bob.address)]));
      expect(await fixture.chain.getSupply(denom)).toBe(0n);
    });
  });

  describe('authentication', () => {
    it('refuses a forged signature (one flipped byte) before any block', async () => {
      const bytes = await signedBy(fixture, [alice], [msgSend(alice.address, bob.address, 1n, DENOM)]);
      const raw = TxRaw.decode(bytes);
      raw.signatures[0]![10] ^= 0x01;
      const result = await fixture.chain.broadcast(TxRaw.encode(raw).finish());
      expect(result).toMatchObject({ code: 4, height: 0 });
      expect(result.rawLog).toContain('signature verification failed');
      expect(await fixture.chain.getTx(result.txHash)).toBeNull();
    });

    it('refuses a signed body that was altered afterwards', async () => {
      const bytes = await signedBy(fixture, [alice], [msgSend(alice.address, bob.address, 1n, DENOM)]);
      const raw = TxRaw.decode(bytes);
      const forgedBody = await signedBy(fixture, [alice], [msgSend(alice.address, bob.address, 900n, DENOM)]);
      raw.bodyBytes = TxRaw.decode(forgedBody).bodyBytes;
      const result = await fixture.chain.broadcast(TxRaw.encode(raw).finish());
      expect(result.code).toBe(4);
      expect(result.rawLog).toContain('signature verification failed');
    });

    it('refuses a transaction signed for another chain id', async () => {
      const bytes = await signedBy(fixture, [alice], [msgSend(alice.address, bob.address, 1n, DENOM)], { chainId: 'other-chain-7' });
      const result = await fixture.chain.broadcast(bytes);
      expect(result.code).toBe(4);
      expect(result.rawLog).toContain(`signature verification failed; please verify account number`);
      expect(result.rawLog).toContain(`chain-id (${CHAIN_ID})`);
    });

    it('submits in broadcast order though signatures are checked off the event loop: a next sequence checked first waits for the one before', async () => {
      const before = (await fixture.chain.getAccount(alice.address))!;
      const first = await signedBy(fixture, [alice], [msgSend(alice.address, bob.address, 1n, DENOM)]);
      const next = await signedBy(fixture, [alice], [msgSend(alice.address, bob.address, 2n, DENOM)], { sequence: before.sequence + 1 });
      // The next one's signature already verified: its check ends at once, the first's on the thread pool.
      const [nextSignature] = signaturesToCheck(fixture.chain.ledger, next);
      expect(verifySignature(nextSignature!.publicKey, nextSignature!.signedBytes, nextSignature!.signature)).toBe(true);
      const [firstResult, nextResult] = await Promise.all([fixture.chain.broadcast(first), fixture.chain.broadcast(next)]);
      expectSuccess(firstResult);
      expectSuccess(nextResult);
      expect((await fixture.chain.getAccount(alice.address))!.sequence).toBe(before.sequence + 2);
    });

    it('refuses a replayed sequence, and answers a rebroadcast of the same bytes with the original result', async () => {
      const before = (await fixture.chain.getAccount(alice.address))!;
      const first = await signedBy(fixture, [alice], [msgSend(alice.address, bob.address, 3n, DENOM)]);
      const accepted = expectSuccess(await fixture.chain.broadcast(first));
      const replay = await signedBy(fixture, [alice], [msgSend(alice.address, bob.address, 4n, DENOM)], { sequence: before.sequence });
      const refused = await fixture.chain.broadcast(replay);
      expect(refused).toMatchObject({ code: 32, height: 0 });
      expect(refused.rawLog).toContain(`account sequence mismatch, expected ${before.sequence + 1}, got ${before.sequence}`);
      const again = await fixture.chain.broadcast(first);
      expect(again).toMatchObject({ txHash: accepted.txHash, height: accepted.height, code: 0 });
      expect((await fixture.chain.getAccount(alice.address))!.sequence).toBe(before.sequence + 1);
    });

    it('refuses an unknown signer and a pubkey that is not the signer’s', async () => {
      const stranger = newKey();
      const unknown = await signAndBroadcast(fixture.chain, [stranger], [msgSend(stranger.address, bob.address, 1n, DENOM)]);
      expect(unknown).toMatchObject({ code: 9, height: 0 });
      expect(unknown.rawLog).toContain(`account ${stranger.address} not found`);

      const account = (await fixture.chain.getAccount(alice.address))!;
      const impostor = signTransaction({
        chainId: CHAIN_ID,
        signers: [{ key: { ...bob, address: alice.address }, accountNumber: account.accountNumber, sequence: account.sequence }],
        messages: [msgSend(alice.address, bob.address, 1n, DENOM)],
      });
      const result = await fixture.chain.broadcast(impostor);
      expect(result.code).toBe(8);
      expect(result.rawLog).toContain(`pubKey does not match signer address ${alice.address}`);
    });

    it('refuses bytes that are no transaction without disturbing the others in the block', async () => {
      const [garbage, good] = await Promise.all([
        fixture.chain.broadcast(new Uint8Array([0x0a, 0xff, 0x01, 0x02, 0x03])),
        signAndBroadcast(fixture.chain, [alice], [msgSend(alice.address, bob.address, 1n, DENOM)]),
      ]);
      expect(garbage).toMatchObject({ code: 2, height: 0 });
      expect(garbage.rawLog).toContain('tx parse error');
      expectSuccess(good);
    });

    it('looks a transaction up by its upper-case hex SHA-256', async () => {
      const bytes = await signedBy(fixture, [alice], [msgSend(alice.address, bob.address, 2n, DENOM)]);
      const result = expectSuccess(await fixture.chain.broadcast(bytes));
      expect(result.txHash).toBe(txHash(bytes));
      expect(result.txHash).toMatch(/^[0-9A-F]{64}$/);
      const found = await fixture.chain.getTx(result.txHash.toLowerCase());
      expect(found).toMatchObject({ txHash: result.txHash, height: result.height, code: 0 });
      expect(Buffer.from(found!.tx).equals(Buffer.from(bytes))).toBe(true);
      expect(found!.events.find((event) => event.type === 'transfer')?.attributes).toContainEqual({ key: 'amount', value: `2${DENOM}` });
    });
  });

  it('cuts many transactions into one block, including several from one signer', async () => {
    const senders = Array.from({ length: 20 }, newKey);
    const busy = newKey();
    await Promise.all([...senders, busy].map((sender) => fund(fixture, sender.address, 10n)));
    // Signed first, then handed to the mempool in one turn of the event loop: a block is cut every 20 ms
    // here, and thirty signings and signature checks took longer than that on a busy CI machine.
    const signed = [
      ...(await Promise.all(senders.map((sender) => signedBy(fixture, [sender], [msgSend(sender.address, bob.address, 10n, DENOM)])))),
      ...(await Promise.all(Array.from({ length: 10 }, (_, sequence) => signedBy(fixture, [busy], [msgSend(busy.address, bob.address, 1n, DENOM)], { sequence })))),
    ];
    const submissions = signed.map((bytes) => fixture.chain.submit(bytes));
    expect(submissions.map((submission) => submission.refusal)).toEqual(signed.map(() => null));
    const results = await Promise.all(submissions.map((submission) => submission.result));
    results.forEach(expectSuccess);
    expect(new Set(results.map((result) => result.height)).size).toBe(1);
    for (const sender of [...senders, busy]) expect(await fixture.chain.getBalance(sender.address, DENOM)).toBe(0n);
    expect(await fixture.chain.getAccount(busy.address)).toMatchObject({ sequence: 10 });
  });

  describe('x/group', () => {
    const [a, b, c, d] = [newKey(), newKey(), newKey(), newKey()];
    const destination = newKey();
    let policy: string;
    let groupId: bigint;

    const propose = (proposers: CustodyKey[], messages: ChainMessage[]) =>
      signAndBroadcast(fixture.chain, proposers, [
        msgSubmitProposal({ policyAddress: policy, proposers: proposers.map((key) => key.address), messages, metadata: metadata() }),
      ]);

    beforeAll(async () => {
      const created = expectSuccess(
        await signAndBroadcast(fixture.chain, [fixture.operator], [
          msgCreateGroupWithPolicy({
            admin: fixture.operator.address,
            members: [a, b, c].map((key) => ({ address: key.address, weight: 1n })),
            threshold: 2n,
          }),
        ]),
      );
      policy = created.groupPolicyAddress!;
      groupId = created.groupId!;
      await fund(fixture, policy, 1_000n);
    });

    it('creates a group whose policy is its own admin, with accounts for the policy and the members', async () => {
      expect(await fixture.chain.getGroupPolicy(policy)).toEqual({
        address: policy,
        groupId,
        admin: policy,
        groupAdmin: policy,
        threshold: 2n,
        totalWeight: 3n,
        members: [a, b, c].map((key) => ({ address: key.address, weight: 1n })).sort((x, y) => (x.address < y.address ? -1 : 1)),
        version: 1,
        groupVersion: 1,
        metadata: '',
      });
      for (const key of [a, b, c]) expect(await fixture.chain.getAccount(key.address)).toMatchObject({ sequence: 0 });
      expect(await fixture.chain.getAccount(policy)).not.toBeNull();
    });

    it('executes a send of a 2-of-3 policy when two members sign as proposers', async () => {
      const result = await propose([a, b], [msgSend(policy, destination.address, 100n, DENOM)]);
      expect(proposalExecuted(result)).toBe(true);
      expect(result.proposalId).toBeGreaterThan(0n);
      expect(await fixture.chain.getBalance(destination.address, DENOM)).toBe(100n);
      expect(await fixture.chain.getBalance(policy, DENOM)).toBe(900n);
    });

    it('does not execute below the threshold', async () => {
      const result = await propose([a], [msgSend(policy, destination.address, 100n, DENOM)]);
      expect(result.code).not.toBe(0);
      expect(proposalExecuted(result)).toBe(false);
      expect(result.rawLog).toContain('YES weight 1 is below the threshold 2');
      expect(await fixture.chain.getBalance(destination.address, DENOM)).toBe(100n);
    });

    it('requires every proposer to sign and to be a member', async () => {
      const proposal = msgSubmitProposal({
        policyAddress: policy,
        proposers: [a.address, b.address],
        messages: [msgSend(policy, destination.address, 1n, DENOM)],
        metadata: metadata(),
      });
      const onlyA = await signedBy(fixture, [a], [proposal]);
      const unsigned = await fixture.chain.broadcast(onlyA);
      expect(unsigned).toMatchObject({ code: 4, height: 0 });
      expect(unsigned.rawLog).toContain('wrong number of signers; expected 2');

      await fund(fixture, destination.address, 1n);
      const outsider = await propose([a, destination], [msgSend(policy, destination.address, 1n, DENOM)]);
      expect(outsider.code).toBe(4);
      expect(outsider.rawLog).toContain(`proposer ${destination.address} is not a member of group ${groupId}`);
    });

    it('refuses a proposal message that the policy does not sign', async () => {
      const result = await propose([a, b], [msgSend(a.address, destination.address, 1n, DENOM)]);
      expect(result.code).toBe(4);
      expect(result.rawLog).toContain('must have the group policy');
    });

    it('applies a proposal all or nothing: a failing message undoes the ones before it', async () => {
      const policyBalance = await fixture.chain.getBalance(policy, DENOM);
      const destinationBalance = await fixture.chain.getBalance(destination.address, DENOM);
      const result = await propose([b, c], [
        msgSend(policy, destination.address, 10n, DENOM),
        msgSend(policy, destination.address, 1_000_000n, DENOM),
      ]);
      expect(result.code).toBe(5);
      expect(result.rawLog).toContain('execution failed; message index: 1');
      expect(result.rawLog).toContain('insufficient funds');
      expect(await fixture.chain.getBalance(policy, DENOM)).toBe(policyBalance);
      expect(await fixture.chain.getBalance(destination.address, DENOM)).toBe(destinationBalance);
    });

    it('changes members only through an executed proposal of the policy', async () => {
      const direct = await signAndBroadcast(fixture.chain, [a], [
        msgUpdateGroupMembers({ admin: a.address, groupId, memberUpdates: [{ address: d.address, weight: 5n }] }),
      ]);
      expect(direct.code).toBe(4);
      expect(direct.rawLog).toContain(`is not the admin of group ${groupId}`);

      const update = await propose([a, b], [
        msgUpdateGroupMembers({
          admin: policy,
          groupId,
          memberUpdates: [
            { address: d.address, weight: 1n },
            { address: c.address, weight: 0n },
          ],
        }),
      ]);
      expect(proposalExecuted(update)).toBe(true);
      const after = (await fixture.chain.getGroupPolicy(policy))!;
      expect(after.members.map((member) => member.address).sort()).toEqual([a.address, b.address, d.address].sort());
      expect(after.groupVersion).toBe(2);
      expect(await fixture.chain.getAccount(d.address)).not.toBeNull();

      const removed = await propose([c, a], [msgSend(policy, destination.address, 1n, DENOM)]);
      expect(removed.rawLog).toContain(`proposer ${c.address} is not a member`);
      expect(proposalExecuted(await propose([d, a], [msgSend(policy, destination.address, 1n, DENOM)]))).toBe(true);
    });

    it('changes the threshold through a proposal, which then binds later proposals', async () => {
      const raised = await propose([a, b], [msgUpdateGroupPolicyDecisionPolicy({ admin: policy, policyAddress: policy, threshold: 3n })]);
      expect(proposalExecuted(raised)).toBe(true);
      expect(await fixture.chain.getGroupPolicy(policy)).toMatchObject({ threshold: 3n, version: 2 });
      const two = await propose([a, b], [msgSend(policy, destination.address, 1n, DENOM)]);
      expect(two.rawLog).toContain('YES weight 2 is below the threshold 3');
      expect(proposalExecuted(await propose([a, b, d], [msgSend(policy, destination.address, 1n, DENOM)]))).toBe(true);
    });

    it('mints through the policy once it administers the denom', async () => {
      const issuer = expectSuccess(
        await signAndBroadcast(fixture.chain, [fixture.operator], [
          msgCreateGroupWithPolicy({ admin: fixture.operator.address, members: [{ address: a.address, weight: 1n }], threshold: 1n }),
        ]),
      ).groupPolicyAddress!;
      const denom = `factory/${fixture.operator.address}/issued`;
      expectSuccess(await signAndBroadcast(fixture.chain, [fixture.operator], [msgCreateDenom(fixture.operator.address, 'issued')]));
      expectSuccess(await signAndBroadcast(fixture.chain, [fixture.operator], [msgChangeAdmin(fixture.operator.address, denom, issuer)]));
      const minted = await signAndBroadcast(fixture.chain, [a], [
        msgSubmitProposal({ policyAddress: issuer, proposers: [a.address], messages: [msgMint(issuer, 250n, denom, destination.address)], metadata: metadata() }),
      ]);
      expect(proposalExecuted(minted)).toBe(true);
      expect(await fixture.chain.getSupply(denom)).toBe(250n);
      expect((await signAndBroadcast(fixture.chain, [fixture.operator], [msgMint(fixture.operator.address, 1n, denom, destination.address)])).code).toBe(4);
    });
  });

  describe('persistence', () => {
    it('rebuilds the same state from its blocks after a restart, and goes on from there', async () => {
      const carol = newKey();
      await fund(fixture, carol.address, 50n);
      const sent = expectSuccess(await signAndBroadcast(fixture.chain, [carol], [msgSend(carol.address, bob.address, 20n, DENOM)]));
      const height = await fixture.chain.getHeight();
      const snapshot = async (chain: EmbeddedChain) => ({
        height: await chain.getHeight(),
        supply: await chain.getSupply(DENOM),
        alice: await chain.getAllBalances(alice.address),
        bob: await chain.getAllBalances(bob.address),
        carol: await chain.getAccount(carol.address),
        tx: await chain.getTx(sent.txHash),
      });
      const before = await snapshot(fixture.chain);
      await fixture.chain.close();

      fixture.chain = await fixture.start();
      expect(await snapshot(fixture.chain)).toEqual(before);
      const next = expectSuccess(await signAndBroadcast(fixture.chain, [carol], [msgSend(carol.address, alice.address, 5n, DENOM)]));
      expect(next.height).toBe(height + 1);
    });

    it('refuses to start on blocks recorded under another genesis', async () => {
      await expect(
        EmbeddedChain.start({
          store: fixture.store,
          streamId: fixture.streamId,
          genesis: { chainId: CHAIN_ID, prefix: PREFIX, operatorAddress: newKey().address, nativeDenom: DENOM },
        }),
      ).rejects.toThrow(/operatorAddress/);
    });

    it('never forks with two writers on one stream: the later writer catches up and builds on top', async () => {
      const writers = [await startChain(database)];
      const second = await writers[0]!.start();
      const [x, y] = [newKey(), newKey()];
      const first = writers[0]!;
      await fund(first, x.address, 10n);
      // The second writer has not seen the funding block; its own block must land after it, not beside it.
      const secondFixture = { ...first, chain: second };
      await fund(secondFixture, y.address, 20n);
      expect(await second.getBalance(x.address, DENOM)).toBe(10n);
      expect(await second.getHeight()).toBe(2);
      await first.chain.close();
      await second.close();

      const replayed = await first.start();
      expect(await replayed.getBalance(x.address, DENOM)).toBe(10n);
      expect(await replayed.getBalance(y.address, DENOM)).toBe(20n);
      expect(await replayed.getSupply(DENOM)).toBe(30n);
      await replayed.close();
    });
  });
});
