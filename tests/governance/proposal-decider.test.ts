import fc from 'fast-check';
import { AppError } from '../../write-side/errors';
import { fold } from '../../write-side/decider';
import {
  decideProposal,
  outcomeOf,
  proposalDecider,
  tallyOf,
  type KindFacts,
  type ProposalCommand,
  type ProposalState,
  type SubmissionFacts,
} from '../../write-side/proposal/decide';
import { burnMessage, groupChangeMessages, mintMessage, sendMessage } from '../../write-side/proposal/messages';
import type { ElectorateMember, ProposalEvent, ProposalKind, ProposalSubmitted, VoteOption } from '../../write-side/proposal/events';

const SIG = { publicKey: 'pk', signature: 'sig' };
const T0 = '2026-01-01T00:00:00.000Z';
const END = '2026-01-04T00:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

function electorate(weights: number[]): ElectorateMember[] {
  return weights.map((weight, index) => ({ userId: `u${index}`, address: `addr${index}`, weight }));
}

function proposal(weights: number[], threshold: number, overrides: Partial<ProposalSubmitted['data']> = {}): ProposalSubmitted['data'] {
  return {
    proposalId: 'p1',
    multisigId: 'm1',
    organizationId: 'o1',
    policyAddress: 'policy',
    chainId: 'emisor-test',
    kind: 'TRANSFER',
    title: 'Pay',
    proposerId: 'u0',
    proposerAddress: 'addr0',
    messages: [sendMessage('policy', 'elsewhere', 1n, 'uusd')],
    groupChange: null,
    bridgingRequestId: null,
    electorate: electorate(weights),
    threshold,
    groupVersion: 1,
    createdAt: T0,
    votingEndsAt: END,
    proposerSignature: SIG,
    ...overrides,
  };
}

/** Runs commands through decide/evolve like the command handler does; returns the state and every event. */
function run(commands: ProposalCommand[], start: ProposalState = proposalDecider.initialState()) {
  let state = start;
  const events: ProposalEvent[] = [];
  for (const command of commands) {
    const produced = decideProposal(command, state);
    events.push(...produced);
    state = produced.reduce(proposalDecider.evolve, state);
  }
  return { state, events };
}

/** A transfer the rules allow: registered token, allowed recipient, enough balance. */
const ALLOWED_TRANSFER: KindFacts = { kind: 'TRANSFER', tokenRegistered: true, balance: 10n, recipientAllowed: true };
const CUSTOM_ACCOUNT: SubmissionFacts['account'] = { type: 'CUSTOM', archived: false };

const submit = (
  weights: number[],
  threshold: number,
  overrides: Partial<ProposalSubmitted['data']> = {},
  facts: SubmissionFacts = { account: CUSTOM_ACCOUNT, kind: ALLOWED_TRANSFER },
): ProposalCommand => ({
  type: 'SubmitProposal',
  proposal: proposal(weights, threshold, overrides),
  proposerVote: SIG,
  inactiveParties: [],
  facts,
});
const vote = (user: number, option: VoteOption, minute = 1, groupVersion = 1): ProposalCommand => ({
  type: 'CastVote',
  inactiveParties: [],
  userId: `u${user}`,
  option,
  signature: SIG,
  groupVersion,
  now: later(minute),
});

function codeOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.code}`;
    throw error;
  }
  return 'ok';
}

describe('x/group threshold policy: weights, thresholds, vote sequences → status', () => {
  const table: Array<[string, number[], number, Array<[number, VoteOption]>, string]> = [
    ['2-of-3: the proposer alone is not enough', [1, 1, 1], 2, [], 'SUBMITTED'],
    ['2-of-3: a second YES accepts', [1, 1, 1], 2, [[1, 'YES']], 'ACCEPTED'],
    ['2-of-3: one NO still leaves the threshold reachable', [1, 1, 1], 2, [[1, 'NO']], 'SUBMITTED'],
    ['2-of-3: NO then YES accepts', [1, 1, 1], 2, [[1, 'NO'], [2, 'YES']], 'ACCEPTED'],
    ['2-of-3: two NOs reject', [1, 1, 1], 2, [[1, 'NO'], [2, 'NO']], 'REJECTED'],
    ['2-of-3: ABSTAIN and NO_WITH_VETO count as NO', [1, 1, 1], 2, [[1, 'ABSTAIN'], [2, 'NO_WITH_VETO']], 'REJECTED'],
    ['2-of-3: a lone ABSTAIN leaves it open', [1, 1, 1], 2, [[1, 'ABSTAIN']], 'SUBMITTED'],
    ['1-of-3: the proposer executes at once', [1, 1, 1], 1, [], 'ACCEPTED'],
    ['3-of-3: the first NO rejects at once', [1, 1, 1], 3, [[1, 'NO']], 'REJECTED'],
    ['3-of-3: every YES accepts', [1, 1, 1], 3, [[1, 'YES'], [2, 'YES']], 'ACCEPTED'],
    ['weighted: a proposer of weight 3 meets threshold 3 alone', [3, 1, 1], 3, [], 'ACCEPTED'],
    ['weighted: 1+1 YES then the heavy member NO rejects', [1, 1, 3], 3, [[1, 'YES'], [2, 'NO']], 'REJECTED'],
    ['weighted: 1+1 YES then the heavy member YES accepts', [1, 1, 3], 3, [[1, 'YES'], [2, 'YES']], 'ACCEPTED'],
    ['weighted: heavy NO_WITH_VETO rejects at once', [1, 1, 3], 3, [[2, 'NO_WITH_VETO']], 'REJECTED'],
    ['weighted: 1+2 is below 4, 1+2+2 reaches it', [1, 2, 2], 4, [[1, 'YES'], [2, 'YES']], 'ACCEPTED'],
    ['weighted: 1+2 YES, 2 ABSTAIN rejects', [1, 2, 2], 4, [[1, 'YES'], [2, 'ABSTAIN']], 'REJECTED'],
    ['threshold above total weight: all of it suffices', [1, 1], 5, [[1, 'YES']], 'ACCEPTED'],
    ['threshold above total weight: one NO rejects', [1, 1], 5, [[1, 'NO']], 'REJECTED'],
    ['single member, threshold 1', [1], 1, [], 'ACCEPTED'],
    ['four equal members, 3-of-4, two NOs reject', [1, 1, 1, 1], 3, [[1, 'NO'], [2, 'NO']], 'REJECTED'],
    ['four equal members, 3-of-4, one NO then two YES accept', [1, 1, 1, 1], 3, [[1, 'NO'], [2, 'YES'], [3, 'YES']], 'ACCEPTED'],
  ];

  it.each(table)('%s', (_name, weights, threshold, votes, expected) => {
    const { state } = run([submit(weights, threshold), ...votes.map(([user, option], index) => vote(user, option, index + 1))]);
    expect(state.status).toBe(expected);
  });

  it('submission casts the proposer YES in the same step', () => {
    const { events } = run([submit([2, 1], 2)]);
    expect(events.map((event) => event.type)).toEqual(['ProposalSubmitted', 'VoteCast', 'ProposalAccepted']);
    expect(events[1]!.data).toMatchObject({ userId: 'u0', option: 'YES', weight: 2, castAt: T0 });
  });

  it('tallies by option and weight', () => {
    const { state } = run([submit([1, 2, 3, 4, 10], 11), vote(1, 'NO'), vote(2, 'ABSTAIN'), vote(3, 'NO_WITH_VETO')]);
    expect(state.tally).toEqual({ yes: 1, no: 2, abstain: 3, noWithVeto: 4 });
  });
});

describe('vote rules', () => {
  const open = () => run([submit([1, 1, 1], 2)]).state;

  it.each<[string, () => ProposalState, ProposalCommand, string]>([
    ['a second vote by the same member', () => run([submit([1, 1, 1], 3), vote(1, 'YES')]).state, vote(1, 'NO', 2), '409 ALREADY_VOTED'],
    ['the proposer voting again', open, vote(0, 'NO'), '409 ALREADY_VOTED'],
    ['a non-member', open, { ...vote(0, 'YES'), userId: 'stranger' } as ProposalCommand, '403 NOT_A_MEMBER'],
    ['a vote on an accepted proposal', () => run([submit([1, 1, 1], 2), vote(1, 'YES')]).state, vote(2, 'YES', 2), '409 PROPOSAL_NOT_OPEN'],
    ['a vote on a rejected proposal', () => run([submit([1, 1, 1], 3), vote(1, 'NO')]).state, vote(2, 'YES', 2), '409 PROPOSAL_NOT_OPEN'],
    ['a vote at the end of the voting period', open, { ...vote(1, 'YES'), now: END } as ProposalCommand, '409 PROPOSAL_NOT_OPEN'],
    ['a vote under a newer group version', open, vote(1, 'YES', 1, 2), '409 PROPOSAL_NOT_OPEN'],
    ['a vote on a proposal that does not exist', () => proposalDecider.initialState(), vote(1, 'YES'), '404 NOT_FOUND'],
  ])('refuses %s', (_name, state, command, expected) => {
    expect(codeOf(() => decideProposal(command, state()))).toBe(expected);
  });

  it('refuses a proposal by a non-member, and a duplicate submission', () => {
    expect(codeOf(() => run([submit([1, 1], 1, { proposerId: 'stranger' })]))).toBe('403 NOT_A_MEMBER');
    expect(codeOf(() => run([submit([1, 1], 1), submit([1, 1], 1)]))).toBe('409 PROPOSAL_EXISTS');
  });

  it('lets a non-member request a REDEMPTION without a vote: the members decide', () => {
    const { state, events } = run([
      {
        type: 'SubmitProposal',
        proposal: proposal([1, 1], 2, { proposerId: 'central', kind: 'REDEMPTION' as ProposalKind }),
        proposerVote: null,
        inactiveParties: [],
        facts: { account: CUSTOM_ACCOUNT, kind: null },
      },
      vote(0, 'YES'),
      vote(1, 'YES', 2),
    ]);
    expect(events.map((event) => event.type)).toEqual(['ProposalSubmitted', 'VoteCast', 'VoteCast', 'ProposalAccepted']);
    expect(state.status).toBe('ACCEPTED');
  });
});

describe('rules of each kind, judged on the messages the proposal will execute and the facts looked up for it', () => {
  const NATIVE = 'ulps';
  const central = { proposerOrganizationType: 'CENTRAL' as const, nativeDenom: NATIVE, tokenRegistered: true };
  const mint = (denom = NATIVE) => ({ kind: 'MINT' as ProposalKind, messages: [mintMessage('policy', 5n, denom, 'policy')] });
  const burn = (amount = 5n) => ({ kind: 'BURN' as ProposalKind, messages: [burnMessage('policy', amount, NATIVE)] });
  const transfer = (to = 'elsewhere', amount = 5n, denom = 'uusd') => ({ kind: 'TRANSFER' as ProposalKind, messages: [sendMessage('policy', to, amount, denom)] });
  const issuance: SubmissionFacts['account'] = { type: 'ISSUANCE', archived: false };
  const groupChange = (members: ElectorateMember[] | null, threshold: number | null) => ({
    kind: 'GROUP_CHANGE' as ProposalKind,
    groupChange: { members, threshold },
    messages: groupChangeMessages({ policyAddress: 'policy', groupId: '1', current: electorate([1, 1]), next: members, currentThreshold: 1, nextThreshold: threshold }),
  });

  it.each<[string, Partial<ProposalSubmitted['data']>, SubmissionFacts, string]>([
    ['a mint of the native token from the ISSUANCE account', mint(), { account: issuance, kind: { kind: 'MINT', ...central } }, 'ok'],
    ['a mint by a commercial bank', mint(), { account: issuance, kind: { kind: 'MINT', ...central, proposerOrganizationType: 'COMMERCIAL' } }, '403 CENTRAL_BANK_ONLY'],
    ['a mint of the native token from another account', mint(), { account: CUSTOM_ACCOUNT, kind: { kind: 'MINT', ...central } }, '422 ISSUANCE_ACCOUNT_REQUIRED'],
    ['a mint of another registered token from another account', mint('uusd'), { account: CUSTOM_ACCOUNT, kind: { kind: 'MINT', ...central } }, 'ok'],
    ['a mint of a token outside the registry', mint('unknown'), { account: CUSTOM_ACCOUNT, kind: { kind: 'MINT', ...central, tokenRegistered: false } }, '422 UNKNOWN_TOKEN'],
    ['a burn within the balance', burn(5n), { account: issuance, kind: { kind: 'BURN', ...central, balance: 5n } }, 'ok'],
    ['a burn above the balance', burn(6n), { account: issuance, kind: { kind: 'BURN', ...central, balance: 5n } }, '422 INSUFFICIENT_FUNDS'],
    ['a transfer to the account itself', transfer('policy'), { account: CUSTOM_ACCOUNT, kind: ALLOWED_TRANSFER }, '422 SELF_TRANSFER'],
    ['a transfer of a token outside the registry (no balance of it either)', transfer('elsewhere', 5n, 'unknown'), { account: CUSTOM_ACCOUNT, kind: { ...ALLOWED_TRANSFER, tokenRegistered: false, balance: 0n } }, '422 UNKNOWN_TOKEN'],
    ['a transfer to a recipient neither whitelisted nor its own', transfer(), { account: CUSTOM_ACCOUNT, kind: { ...ALLOWED_TRANSFER, recipientAllowed: false } }, '422 WHITELIST_VIOLATION'],
    ['a transfer above the balance', transfer('elsewhere', 11n), { account: CUSTOM_ACCOUNT, kind: ALLOWED_TRANSFER }, '422 INSUFFICIENT_FUNDS'],
    ['a transfer of the whole balance', transfer('elsewhere', 10n), { account: CUSTOM_ACCOUNT, kind: ALLOWED_TRANSFER }, 'ok'],
    ['any proposal to an archived account', transfer(), { account: { type: 'CUSTOM', archived: true }, kind: ALLOWED_TRANSFER }, '409 ACCOUNT_ARCHIVED'],
    ['any proposal to a settlement account', transfer(), { account: { type: 'SETTLEMENT', archived: false }, kind: ALLOWED_TRANSFER }, '422 NOT_A_MULTISIG'],
    ['a group change of the threshold', groupChange(null, 2), { account: CUSTOM_ACCOUNT, kind: null }, 'ok'],
    ['a group change that sets nothing', groupChange(null, null), { account: CUSTOM_ACCOUNT, kind: null }, '422 NO_CHANGE'],
    ['a group change to the group it already has', groupChange(electorate([1, 1]), 1), { account: CUSTOM_ACCOUNT, kind: null }, '422 NO_CHANGE'],
    ['a group change to a threshold above the total weight', groupChange(null, 3), { account: CUSTOM_ACCOUNT, kind: null }, '422 INVALID_THRESHOLD'],
  ])('%s', (_name, overrides, facts, expected) => {
    expect(codeOf(() => run([submit([1, 1], 1, overrides, facts)]))).toBe(expected);
  });
});

describe('voting period', () => {
  it('rejects at its end with the threshold unmet, with nobody voting', () => {
    const state = run([submit([1, 1, 1], 2)]).state;
    expect(decideProposal({ type: 'ExpireProposal', now: later(60) }, state)).toEqual([]);
    const events = decideProposal({ type: 'ExpireProposal', now: END }, state);
    expect(events).toEqual([
      {
        type: 'ProposalRejected',
        data: { proposalId: 'p1', tally: { yes: 1, no: 0, abstain: 0, noWithVeto: 0 }, reason: 'VOTING_PERIOD_ENDED', decidedAt: END },
      },
    ]);
  });

  it('leaves decided proposals alone', () => {
    const state = run([submit([1, 1, 1], 1)]).state;
    expect(decideProposal({ type: 'ExpireProposal', now: '2030-01-01T00:00:00.000Z' }, state)).toEqual([]);
  });
});

describe('abort on group change', () => {
  const abort = (groupVersion: number): ProposalCommand => ({ type: 'AbortProposal', groupVersion, causedByProposalId: 'g1', now: later(5) });

  it('aborts a SUBMITTED proposal when the group version moves on', () => {
    const { state } = run([submit([1, 1, 1], 2), abort(2)]);
    expect(state.status).toBe('ABORTED');
  });

  it('ignores the same group version', () => {
    expect(run([submit([1, 1, 1], 2), abort(1)]).state.status).toBe('SUBMITTED');
  });

  it('aborts an ACCEPTED proposal whose execution failed, not one that executed or is executing', () => {
    const accepted = run([submit([1], 1)]).state;
    const started = run([{ type: 'StartExecution', txHash: 'H1', txBytes: 'AA==', signers: ['addr0'], now: later(1) }], accepted).state;
    expect(decideProposal(abort(2), started)).toEqual([]);
    const failed = run(
      [{ type: 'RecordExecution', attempt: 1, txHash: 'H1', height: 7, executorResult: 'FAILURE', reason: 'insufficient funds', now: later(2) }],
      started,
    ).state;
    expect(run([abort(2)], failed).state.status).toBe('ABORTED');
    const executed = run(
      [{ type: 'RecordExecution', attempt: 1, txHash: 'H1', height: 7, executorResult: 'SUCCESS', reason: null, now: later(2) }],
      started,
    ).state;
    expect(decideProposal(abort(2), executed)).toEqual([]);
  });

  it('leaves rejected and withdrawn proposals alone', () => {
    expect(decideProposal(abort(2), run([submit([1, 1], 2), vote(1, 'NO')]).state)).toEqual([]);
    expect(decideProposal(abort(2), run([submit([1, 1], 2), { type: 'WithdrawProposal', userId: 'u0', now: later(1) }]).state)).toEqual([]);
  });
});

describe('withdraw', () => {
  it('is the proposer’s, while SUBMITTED', () => {
    const open = run([submit([1, 1, 1], 2)]).state;
    expect(codeOf(() => decideProposal({ type: 'WithdrawProposal', userId: 'u1', now: later(1) }, open))).toBe('403 NOT_PROPOSER');
    expect(run([{ type: 'WithdrawProposal', userId: 'u0', now: later(1) }], open).state.status).toBe('WITHDRAWN');
    const accepted = run([submit([1, 1, 1], 1)]).state;
    expect(codeOf(() => decideProposal({ type: 'WithdrawProposal', userId: 'u0', now: later(1) }, accepted))).toBe('409 PROPOSAL_NOT_OPEN');
  });
});

describe('execution', () => {
  const start = (hash: string): ProposalCommand => ({ type: 'StartExecution', txHash: hash, txBytes: 'AA==', signers: ['addr0'], now: later(1) });
  const record = (attempt: number, result: 'SUCCESS' | 'FAILURE'): ProposalCommand => ({
    type: 'RecordExecution',
    attempt,
    txHash: `H${attempt}`,
    height: 10 + attempt,
    executorResult: result,
    reason: result === 'FAILURE' ? 'out of funds' : null,
    now: later(2),
  });

  it('runs only ACCEPTED proposals, one attempt at a time, retries failures and never re-runs a success', () => {
    expect(codeOf(() => run([submit([1, 1], 2), start('H1')]))).toBe('409 PROPOSAL_NOT_EXECUTABLE');
    const accepted = run([submit([1, 1], 1)]).state;
    const first = run([start('H1')], accepted).state;
    expect(first.execution.pending).toMatchObject({ attempt: 1, txHash: 'H1' });
    expect(codeOf(() => decideProposal(start('H2'), first))).toBe('409 EXECUTION_IN_PROGRESS');
    const failed = run([record(1, 'FAILURE')], first).state;
    expect(decideProposal(record(1, 'FAILURE'), failed)).toEqual([]); // a replayed record is idempotent
    expect(failed.execution).toMatchObject({ result: 'FAILURE', pending: null, reason: 'out of funds' });
    const second = run([start('H2'), record(2, 'SUCCESS')], failed).state;
    expect(second.execution).toMatchObject({ attempts: 2, result: 'SUCCESS', txHash: 'H2', height: 12 });
    expect(second.status).toBe('ACCEPTED');
    expect(codeOf(() => decideProposal(start('H3'), second))).toBe('409 PROPOSAL_NOT_EXECUTABLE');
  });
});

describe('properties of the threshold policy', () => {
  const group = fc
    .array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 6 })
    .chain((weights) =>
      fc.record({
        weights: fc.constant(weights),
        threshold: fc.integer({ min: 1, max: weights.reduce((a, b) => a + b, 0) + 2 }),
        options: fc.array(fc.constantFrom<VoteOption>('YES', 'NO', 'ABSTAIN', 'NO_WITH_VETO'), {
          minLength: weights.length - 1,
          maxLength: weights.length - 1,
        }),
      }),
    );

  it('decides exactly when the outcome can no longer change, and every full vote decides', () => {
    fc.assert(
      fc.property(group, ({ weights, threshold, options }) => {
        const total = weights.reduce((a, b) => a + b, 0);
        let state = run([submit(weights, threshold)]).state;
        for (let index = 0; index < options.length; index++) {
          if (state.status !== 'SUBMITTED') break;
          state = run([vote(index + 1, options[index]!, index + 1)], state).state;
        }
        const tally = tallyOf(state.votes);
        const needed = Math.min(threshold, total);
        if (state.status === 'ACCEPTED') expect(tally.yes).toBeGreaterThanOrEqual(needed);
        if (state.status === 'REJECTED') expect(tally.yes + (total - state.votes.reduce((a, v) => a + v.weight, 0))).toBeLessThan(needed);
        if (state.status === 'SUBMITTED') expect(outcomeOf(tally, total, threshold)).toBe('UNDECIDED');
        if (state.votes.length === weights.length) expect(state.status).not.toBe('SUBMITTED');
      }),
      { numRuns: 300 },
    );
  });

  it('folds the same events to the same state', () => {
    const { state, events } = run([submit([1, 2, 3], 4), vote(1, 'YES'), vote(2, 'YES', 2)]);
    expect(fold(proposalDecider, events)).toEqual(state);
  });
});
