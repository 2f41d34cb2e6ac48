import { randomUUID } from 'node:crypto';
import { findVisibleAccount } from '../../read-side/accounts';
import { approvalQueue, findAccountProposal, listProposals } from '../../read-side/proposals';
import { dependencyUnavailable } from '../../write-side/errors';
import type { Services } from '../../runtime/services';
import { idempotentId } from '../../write-side/idempotency';
import { castVote, loadAccount, withdrawProposal } from '../../write-side/proposal/commands';
import { createProposal, type ProposalRequest } from '../../write-side/proposal/create';
import { PROPOSAL_KINDS, PROPOSAL_STATUSES, VOTE_OPTIONS } from '../../write-side/proposal/events';
import { commandContext } from '../command-context';
import { ChainAddress, IdempotencyHeaders, idempotent, pageOf, requireChainAddress } from '../governance';
import { Amount, Id, pageQuery, page, z } from '../openapi';
import { ability, defineRoute } from '../route';

const Vote = z.object({ userId: z.string(), option: z.enum(VOTE_OPTIONS), weight: z.number().int(), castAt: z.string() }).openapi('Vote');

export const Proposal = z
  .object({
    id: z.string(),
    multisigId: z.string(),
    organizationId: z.string(),
    kind: z.enum(PROPOSAL_KINDS),
    status: z.enum(PROPOSAL_STATUSES),
    title: z.string(),
    proposerId: z.string(),
    messages: z.array(z.record(z.string(), z.unknown())).openapi({ description: 'Cosmos JSON messages, executed by the account’s group policy' }),
    groupChange: z.unknown().nullable(),
    votes: z.array(Vote),
    tally: z.object({ yes: z.number().int(), no: z.number().int(), abstain: z.number().int(), noWithVeto: z.number().int() }),
    threshold: z.number().int(),
    totalWeight: z.number().int(),
    rejectionReason: z.string().nullable(),
    executorResult: z.enum(['NOT_RUN', 'SUCCESS', 'FAILURE']),
    executionPending: z.boolean(),
    executionAttempts: z.number().int(),
    failureReason: z.string().nullable(),
    txHash: z.string().nullable(),
    height: z.number().int().nullable(),
    createdAt: z.string(),
    votingEndsAt: z.string(),
    decidedAt: z.string().nullable(),
    executedAt: z.string().nullable(),
  })
  .openapi('Proposal');

const Title = z.string().trim().min(1).max(200);
const Denom = z.string().regex(/^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/, 'a chain denom');
const Weight = z.number().int().positive().max(1_000_000);
const AccountParams = z.object({ multisigId: Id });
const ProposalParams = z.object({ multisigId: Id, proposalId: Id });

const governance = (services: Services) => services;

async function readBack(services: Services, accountId: string, proposalId: string) {
  return findAccountProposal(services.db, accountId, proposalId);
}

/** Creation: the proposer's YES is cast in the same step; 201 with the proposal (executed when the proposer alone meets the threshold). */
function creationRoute<B extends z.ZodType>(
  path: string,
  summary: string,
  body: B,
  toRequest: (body: z.infer<B>, services: Services) => ProposalRequest,
  errors: string,
) {
  return defineRoute({
    method: 'post',
    path: `/multisigs/:multisigId/proposals/${path}`,
    summary,
    tags: ['Proposals'],
    access: ability('create', 'Proposal'),
    params: AccountParams,
    headers: IdempotencyHeaders,
    body,
    responses: { 201: { description: 'The proposal, with the proposer’s YES', schema: Proposal }, 422: { description: errors } },
    handler: async (context) =>
      idempotent(context, async (key) => {
        const { services, principal, params } = context;
        const visible = await findVisibleAccount(services.db, principal, params.multisigId);
        const request = toRequest(context.body as z.infer<B>, services);
        const proposalId = key ? idempotentId('proposal', principal.userId, key) : randomUUID();
        const account = await loadAccount(services, visible.id);
        await createProposal(governance(services), commandContext(context), {
          proposalId,
          account,
          proposer: principal,
          request,
        });
        return { status: 201, body: await readBack(services, visible.id, proposalId) };
      }),
  });
}

const Member = z.strictObject({ userId: Id, weight: Weight });

export const proposalRoutes = [
  creationRoute(
    'mint',
    'Mint proposal (central bank; the native token only from the ISSUANCE account)',
    z.strictObject({ title: Title, amount: Amount, denom: Denom, recipient: ChainAddress.optional() }),
    (body, services) => ({
      kind: 'MINT',
      title: body.title,
      amount: BigInt(body.amount),
      denom: body.denom,
      recipient: body.recipient === undefined ? undefined : requireChainAddress(services, body.recipient, 'recipient'),
    }),
    'ISSUANCE_ACCOUNT_REQUIRED, UNKNOWN_TOKEN',
  ),
  creationRoute(
    'burn',
    'Burn proposal (central bank; from the account’s own balance)',
    z.strictObject({ title: Title, amount: Amount, denom: Denom }),
    (body) => ({ kind: 'BURN', title: body.title, amount: BigInt(body.amount), denom: body.denom }),
    'ISSUANCE_ACCOUNT_REQUIRED, UNKNOWN_TOKEN, INSUFFICIENT_FUNDS',
  ),
  creationRoute(
    'transfer',
    'Transfer proposal (respects the account’s whitelist)',
    z.strictObject({ title: Title, amount: Amount, denom: Denom, recipient: ChainAddress }),
    (body, services) => ({
      kind: 'TRANSFER',
      title: body.title,
      amount: BigInt(body.amount),
      denom: body.denom,
      recipient: requireChainAddress(services, body.recipient, 'recipient'),
    }),
    'WHITELIST_VIOLATION, INSUFFICIENT_FUNDS',
  ),
  creationRoute(
    'group-changes',
    'Group-change proposal: new members and weights, new threshold, or both',
    z.strictObject({ title: Title, members: z.array(Member).min(1).max(50).optional(), threshold: Weight.optional() }),
    (body) => ({ kind: 'GROUP_CHANGE', title: body.title, members: body.members, threshold: body.threshold }),
    'NO_CHANGE, INVALID_MEMBER, INVALID_GROUP, INVALID_THRESHOLD',
  ),
  defineRoute({
    method: 'get',
    path: '/multisigs/:multisigId/proposals',
    summary: 'List proposals, newest first',
    tags: ['Proposals'],
    access: ability('read', 'Proposal'),
    params: AccountParams,
    query: z.object({ ...pageQuery, status: z.enum(PROPOSAL_STATUSES).optional(), kind: z.enum(PROPOSAL_KINDS).optional() }),
    responses: { 200: { description: 'Proposals', schema: page(Proposal) } },
    handler: async ({ services, principal, params, query }) => {
      await findVisibleAccount(services.db, principal, params.multisigId);
      return { status: 200, body: await listProposals(services.db, params.multisigId, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/multisigs/:multisigId/proposals/:proposalId',
    summary: 'Proposal detail',
    tags: ['Proposals'],
    access: ability('read', 'Proposal'),
    params: ProposalParams,
    responses: { 200: { description: 'The proposal', schema: Proposal } },
    handler: async ({ services, principal, params }) => {
      await findVisibleAccount(services.db, principal, params.multisigId);
      return { status: 200, body: await readBack(services, params.multisigId, params.proposalId) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/multisigs/:multisigId/proposals/:proposalId/execute',
    summary: 'Execute an ACCEPTED proposal whose execution failed or is pending',
    tags: ['Proposals'],
    access: ability('create', 'Proposal'),
    params: ProposalParams,
    headers: IdempotencyHeaders,
    responses: { 200: { description: 'The proposal after the attempt', schema: Proposal }, 409: { description: 'PROPOSAL_NOT_EXECUTABLE' } },
    handler: async (context) =>
      idempotent(context, async () => {
        const { services, principal, params } = context;
        await findVisibleAccount(services.db, principal, params.multisigId);
        await readBack(services, params.multisigId, params.proposalId);
        try {
          await governance(services).proposalExecution.execute(params.proposalId, { explicit: true, actorId: principal.userId });
        } catch (error) {
          if ((error as { code?: string }).code === 'ECONNREFUSED') throw dependencyUnavailable('The chain is unreachable');
          throw error;
        }
        return { status: 200, body: await readBack(services, params.multisigId, params.proposalId) };
      }),
  }),
  defineRoute({
    method: 'post',
    path: '/multisigs/:multisigId/proposals/:proposalId/withdraw',
    summary: 'Withdraw a SUBMITTED proposal (its proposer only)',
    tags: ['Proposals'],
    access: ability('create', 'Proposal'),
    params: ProposalParams,
    responses: { 200: { description: 'WITHDRAWN', schema: Proposal }, 409: { description: 'PROPOSAL_NOT_OPEN' } },
    handler: async (context) => {
      const { services, principal, params } = context;
      await findVisibleAccount(services.db, principal, params.multisigId);
      await readBack(services, params.multisigId, params.proposalId);
      await withdrawProposal(governance(services), commandContext(context), { proposalId: params.proposalId, userId: principal.userId });
      return { status: 200, body: await readBack(services, params.multisigId, params.proposalId) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/multisigs/:multisigId/proposals/:proposalId/votes',
    summary: 'Cast a signed vote (EXEC_TRY: executes the moment the threshold is met)',
    tags: ['Votes'],
    access: ability('create', 'Vote'),
    params: ProposalParams,
    headers: IdempotencyHeaders,
    body: z.strictObject({ option: z.enum(VOTE_OPTIONS) }),
    responses: {
      201: { description: 'The updated proposal', schema: Proposal },
      403: { description: 'NOT_A_MEMBER' },
      409: { description: 'PROPOSAL_NOT_OPEN, ALREADY_VOTED' },
    },
    handler: async (context) =>
      idempotent(context, async (key) => {
        const { services, principal, params, body } = context;
        await findVisibleAccount(services.db, principal, params.multisigId);
        await readBack(services, params.multisigId, params.proposalId);
        await castVote(governance(services), commandContext(context), {
          proposalId: params.proposalId,
          userId: principal.userId,
          option: body.option,
          voteId: key === undefined ? undefined : idempotentId('vote', principal.userId, params.proposalId, key),
        });
        return { status: 201, body: await readBack(services, params.multisigId, params.proposalId) };
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/multisigs/:multisigId/proposals/:proposalId/votes',
    summary: 'Votes of a proposal',
    tags: ['Votes'],
    access: ability('read', 'Vote'),
    params: ProposalParams,
    query: z.object(pageQuery),
    responses: { 200: { description: 'Votes in the order cast', schema: page(Vote) } },
    handler: async ({ services, principal, params, query }) => {
      await findVisibleAccount(services.db, principal, params.multisigId);
      const proposal = await readBack(services, params.multisigId, params.proposalId);
      return { status: 200, body: pageOf(proposal.votes, query.page, query.pageSize) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/approval-queue',
    summary: 'SUBMITTED proposals awaiting my vote, least time remaining first',
    tags: ['Proposals'],
    access: ability('read', 'Proposal'),
    query: z.object(pageQuery),
    responses: {
      200: {
        description: 'My pending votes; an empty list when all caught up',
        schema: page(Proposal.extend({ timeRemainingSeconds: z.number().int().openapi({ description: 'until voting ends' }) }).openapi('ApprovalQueueItem')),
      },
    },
    handler: async ({ services, principal, query }) => ({
      status: 200,
      body: await approvalQueue(services.db, principal, query),
    }),
  }),
];
