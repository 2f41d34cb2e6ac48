import type { Knex } from 'knex';
import { AppError, dependencyUnavailable } from '../errors';
import type { WriteSidePorts } from '../ports';
import { SEQUENCE_MISMATCH_CODE, withOutcome, type Chain, type TxResult } from '../chain/chain';
import type { CustodyKey } from '../chain/keys';
import { msgCreateGroupWithPolicy } from '../chain/messages';
import { signTransaction, txHash } from '../chain/transactions';
import type { CommandContext } from '../command-handler';
import { accountDecider, eligibleMembers, type AccountState } from './decide';
import { accountStream, type AccountCreationRequested, type AccountMember } from './events';

export type AccountServices = Pick<WriteSidePorts, 'eventStore' | 'commands' | 'db' | 'config'> & { chain: Chain; chainOperator: CustodyKey };

/** Turns `{ userId, weight }` into members with their custody addresses, by the account decider's eligibility rule. */
export async function resolveMembers(
  db: Knex,
  organizationId: string,
  requested: Array<{ userId: string; weight: number }>,
  options: { allowSystem?: boolean; keep?: AccountMember[] } = {},
): Promise<AccountMember[]> {
  const ids = requested.map((member) => member.userId);
  const rows: Array<{ id: string; address: string; kind: string; role: string; active: boolean; organization_id: string }> = ids.length
    ? await db('users').whereIn('id', ids).select('id', 'address', 'kind', 'role', 'active', 'organization_id')
    : [];
  const candidates = new Map(rows.map((row) => [row.id, { ...row, organizationId: row.organization_id }]));
  return eligibleMembers(organizationId, requested, candidates, options);
}

/** Signing rounds of one call while the chain refuses the operator's sequence as stale (another transaction took it). */
const MAX_ROUNDS = 3;
/** How the reason of an attempt abandoned for a stale sequence starts. */
const ABANDONED = 'abandoned, signing again:';

/** One creation attempt at a time per chain in this process: each signs with the operator's sequence as the chain reports it. */
const operatorQueues = new WeakMap<Chain, Promise<unknown>>();

function withOperator<T>(chain: Chain, work: () => Promise<T>): Promise<T> {
  const next = (operatorQueues.get(chain) ?? Promise.resolve()).catch(() => undefined).then(work);
  operatorQueues.set(chain, next.catch(() => undefined));
  return next;
}

/** What a creation request records, but its time (the command's). */
type CreationInput = Omit<AccountCreationRequested['data'], 'requestedAt'>;

/**
 * Creates an account: its group and threshold policy on the chain (the policy is its own admin, so
 * membership changes only through group-change proposals), then AccountCreated with the policy address.
 * The platform's chain operator key signs the creation; it holds no power over the group afterwards.
 *
 * The request is recorded before anything reaches the chain, and each signed attempt before it is
 * broadcast (see the account decider), so the same call with the same account id (a retry with the
 * same Idempotency-Key, the seed run again), or the periodic AccountCreationRecovery for a request
 * nobody retries, finishes a creation that failed half-way: it looks the
 * recorded attempt up on the chain or re-sends its bytes, and never creates a second group.
 */
export async function createAccount(services: AccountServices, context: CommandContext, input: CreationInput): Promise<AccountState> {
  const requested = await services.commands.handle(
    accountDecider,
    accountStream(input.accountId),
    { type: 'RequestCreation', request: { ...input, requestedAt: context.now.toISOString() } },
    context,
    { waitForProjections: false },
  );
  return finishCreation(services, context, requested.state);
}

/**
 * Takes a recorded creation to its end: resolves the attempt under way, or signs a new one when the
 * last lost its sequence (a few rounds at most); 502 CHAIN_REJECTED when the chain refused the group.
 */
export async function finishCreation(services: AccountServices, context: CommandContext, recorded: AccountState): Promise<AccountState> {
  let state = recorded;
  for (let round = 1; !state.exists; round++) {
    const current = state;
    const step = await withOperator(services.chain, () =>
      current.creation.pending ? resolvePending(services, context, current) : attempt(services, context, current),
    );
    state = step.state;
    if (!state.exists && (!step.stale || round === MAX_ROUNDS))
      throw new AppError(502, 'CHAIN_REJECTED', 'Chain rejected the transaction', `The chain refused the account's group: ${state.creation.lastFailure}`);
  }
  return state;
}

interface CreationStep {
  state: AccountState;
  /** The attempt lost its sequence to another transaction: signing again may succeed. */
  stale: boolean;
}

/** Signs a new attempt with the operator's current sequence, records it, then broadcasts it. */
async function attempt(services: AccountServices, context: CommandContext, state: AccountState): Promise<CreationStep> {
  const request = state.creation.request!;
  const operator = services.chainOperator;
  const account = await services.chain.getAccount(operator.address);
  const bytes = signTransaction({
    chainId: services.chain.chainId,
    signers: [{ key: operator, accountNumber: account?.accountNumber ?? 0, sequence: account?.sequence ?? 0 }],
    messages: [
      msgCreateGroupWithPolicy({
        admin: operator.address,
        members: request.members.map((member) => ({ address: member.address, weight: BigInt(member.weight) })),
        threshold: BigInt(request.threshold),
        groupMetadata: JSON.stringify({ accountId: request.accountId, organizationId: request.organizationId }),
        policyMetadata: JSON.stringify({ accountId: request.accountId, label: request.label, type: request.type }),
        policyAsAdmin: true,
      }),
    ],
    memo: `emisor account ${request.accountId}`,
  });
  const signed = await services.commands.handle(
    accountDecider,
    accountStream(request.accountId),
    { type: 'SignCreation', txHash: txHash(bytes), txBytes: Buffer.from(bytes).toString('base64'), now: context.now.toISOString() },
    context,
    { waitForProjections: false },
  );
  return record(services, context, signed.state, await broadcast(services.chain, bytes));
}

/** Finishes the recorded attempt: by its hash when the chain holds it, else by sending the same bytes again. */
async function resolvePending(services: AccountServices, context: CommandContext, state: AccountState): Promise<CreationStep> {
  const pending = state.creation.pending!;
  const found = await services.chain.getTx(pending.txHash);
  if (found) return record(services, context, state, withOutcome(found));
  const result = await broadcast(services.chain, Buffer.from(pending.txBytes, 'base64'));
  // A stale sequence may be these very bytes, included since the look-up: only abandon what the chain does not hold.
  if (result.code === SEQUENCE_MISMATCH_CODE) {
    const included = await services.chain.getTx(pending.txHash);
    if (included) return record(services, context, state, withOutcome(included));
  }
  return record(services, context, state, result);
}

async function broadcast(chain: Chain, bytes: Uint8Array): Promise<TxResult> {
  try {
    return withOutcome(await chain.broadcast(bytes));
  } catch {
    // The attempt stays recorded as pending: the same request again finds it on the chain or re-sends it.
    throw dependencyUnavailable("The chain did not answer; the account's creation is recorded and finishes when the request is retried");
  }
}

async function record(services: AccountServices, context: CommandContext, state: AccountState, result: TxResult): Promise<CreationStep> {
  const pending = state.creation.pending!;
  const stale = result.code === SEQUENCE_MISMATCH_CODE && result.height === 0;
  const created = result.code === 0 && result.groupPolicyAddress !== undefined && result.groupId !== undefined;
  const recorded = await services.commands.handle(
    accountDecider,
    accountStream(state.creation.request!.accountId),
    {
      type: 'RecordCreation',
      attempt: pending.attempt,
      outcome: created
        ? { created: true, address: result.groupPolicyAddress!, groupId: result.groupId!.toString() }
        : { created: false, reason: `${stale ? `${ABANDONED} ` : ''}code ${result.code}: ${result.rawLog || 'no group was created'}`, abandoned: stale },
      now: context.now.toISOString(),
    },
    context,
    // Only the account's answer needs the read models.
    { waitForProjections: created },
  );
  return { state: recorded.state, stale };
}

export async function changeAccount(
  services: Pick<WriteSidePorts, 'commands'>,
  context: CommandContext,
  accountId: string,
  change: { type: 'ChangeLabel'; label: string } | { type: 'Archive' } | { type: 'Unarchive' },
): Promise<AccountState> {
  return (
    await services.commands.handle(accountDecider, accountStream(accountId), { ...change, now: context.now.toISOString() }, context)
  ).state;
}
