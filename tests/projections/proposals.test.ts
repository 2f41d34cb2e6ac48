import { proposalsProjection } from '../../projections/proposals';
import type { RecordedEvent } from '../../write-side/event-store/event-store';
import { eventLog } from '../support/recorded-events';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * A proposal's tally is the sum of the weights of the votes applied to it, whether its votes come in the
 * batch that submits it (its row written with them) or in later batches (added to its row).
 */
describe('proposals projection: tallies', () => {
  let database: TestDatabase;
  const event = eventLog('2026-11-01T10:00:00.000Z');
  const electorate = [
    { userId: 'u1', address: 'emisor1a', weight: 1 },
    { userId: 'u2', address: 'emisor1b', weight: 2 },
    { userId: 'u3', address: 'emisor1c', weight: 3 },
  ];
  const submitted = (proposalId: string) =>
    event(`proposal-${proposalId}`, 'ProposalSubmitted', {
      proposalId,
      multisigId: 'account-1',
      organizationId: 'org-1',
      policyAddress: 'emisor1policy',
      chainId: 'emisor-1',
      kind: 'TRANSFER',
      title: `Proposal ${proposalId}`,
      proposerId: 'u1',
      proposerAddress: 'emisor1a',
      messages: [],
      groupChange: null,
      bridgingRequestId: null,
      electorate,
      threshold: 4,
      groupVersion: 1,
      createdAt: '2026-11-01T10:00:00.000Z',
      votingEndsAt: '2026-11-04T10:00:00.000Z',
      proposerSignature: { pubKey: 'key', signature: 'signature' },
    });
  const vote = (proposalId: string, member: (typeof electorate)[number], option: 'YES' | 'NO' | 'ABSTAIN' | 'NO_WITH_VETO') =>
    event(`proposal-${proposalId}`, 'VoteCast', {
      proposalId,
      userId: member.userId,
      address: member.address,
      option,
      weight: member.weight,
      castAt: '2026-11-01T11:00:00.000Z',
      signature: { pubKey: 'key', signature: 'signature' },
    });
  const apply = (events: RecordedEvent[]) => database.knex.transaction((trx) => proposalsProjection.applyBatch(trx, events));
  const tally = async (id: string) =>
    database.knex('proposals').where({ id }).first('tally_yes as yes', 'tally_no as no', 'tally_abstain as abstain', 'tally_no_with_veto as noWithVeto');
  const votes = async (id: string) => (await database.knex('proposal_votes').where({ proposal_id: id }).orderBy('user_id').pluck('user_id')) as string[];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('writes the votes of the batch that submits a proposal with its row', async () => {
    await apply([submitted('p1'), vote('p1', electorate[0]!, 'YES'), vote('p1', electorate[1]!, 'NO')]);
    expect(await tally('p1')).toEqual({ yes: 1, no: 2, abstain: 0, noWithVeto: 0 });
    expect(await votes('p1')).toEqual(['u1', 'u2']);
  });

  it('adds the votes of a later batch to the tally the row has', async () => {
    await apply([vote('p1', electorate[2]!, 'YES'), submitted('p2'), vote('p2', electorate[2]!, 'ABSTAIN')]);
    expect(await tally('p1')).toEqual({ yes: 4, no: 2, abstain: 0, noWithVeto: 0 });
    expect(await tally('p2')).toEqual({ yes: 0, no: 0, abstain: 3, noWithVeto: 0 });
  });

  it('adds, not sets, the votes of a batch whose submission of the proposal finds its row already there', async () => {
    await apply([submitted('p2'), vote('p2', electorate[0]!, 'NO_WITH_VETO')]);
    expect(await tally('p2')).toEqual({ yes: 0, no: 0, abstain: 3, noWithVeto: 1 });
    expect(await votes('p2')).toEqual(['u1', 'u3']);
  });
});
