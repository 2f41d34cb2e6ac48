import type { Knex } from 'knex';
import { conflict, notFound } from '../errors';
import type { Logger } from '../logger';
import { accountDecider } from '../account/decide';
import { accountStream } from '../account/events';
import { custodyKeyOfUser } from '../account/custody';
import { CHAIN_BLOCK_EVENTS, SEQUENCE_MISMATCH_CODE, withOutcome, type TxResult } from '../chain/chain';
import type { CustodyKey } from '../chain/keys';
import { msgSubmitProposal } from '../chain/messages';
import { signTransaction, txHash } from '../chain/transactions';
import type { CommandContext, CommandHandler } from '../command-handler';
import { fold } from '../decider';
import type { EventStore, FeedReaders, GlobalPosition } from '../event-store/event-store';
import { proposalDecider, type ProposalState } from '../proposal/decide';
import { proposalStream, type ProposalEvent, type ProposalExecutionStarted } from '../proposal/events';
import { toChainMessage } from '../proposal/messages';
import { Correlations, stepLogger } from './correlation';
import { PeriodicTask } from './periodic-task';
import type { ProcessServices } from './process-services';

/** The read model whose `execution_pending` shows the attempts in flight, and whose checkpoint bounds the log not yet in it. */
const PROPOSALS_READ_MODEL = 'proposals';
const TAIL_PAGE = 1000;
/** The log after that checkpoint is read for these events' payloads alone (FeedReaders). */
const EXECUTIONS_STARTED: FeedReaders = { readersByType: new Map([['ProposalExecutionStarted', ['proposal-execution']]]) };

/** Signing rounds of one execute call while the chain keeps refusing stale sequences. */
const MAX_ROUNDS = 3;
/** How the reason of an attempt abandoned for a stale sequence starts. */
const ABANDONED = 'abandoned, signing again:';

const fallbackCorrelation = (proposalId: string) => `proposal-${proposalId}`;

const isAbandoned = (state: ProposalState) => state.execution.pending === null && state.execution.result === 'NOT_RUN';

/**
 * The proposal-execution process manager. When a proposal is ACCEPTED it is executed on the chain as
 * one MsgSubmitProposal with EXEC_TRY, signed by the YES voters' custody keys as proposers, so that
 * the chain re-checks the threshold; ProposalExecuted records the tx hash, height and executorResult.
 *
 * Execution runs inline in the request that accepted the proposal (so its answer carries the tx
 * hash), and the same code runs from a timer for whatever a crash or an unreachable chain left
 * behind. Moving value at most once rests on two things:
 *  - ProposalExecutionStarted stores the signed bytes before they are broadcast, appended at the
 *    stream's expected version: only one executor can own an attempt;
 *  - a pending attempt is only ever resolved by looking its hash up on the chain, or by re-sending
 *    those same bytes: their signers' sequences let the chain take them at most once. Bytes the
 *    chain refuses for a stale sequence, and does not hold, are abandoned (recorded NOT_RUN) and the
 *    proposal is signed again: it ends SUCCESS, or FAILURE caused by its own messages.
 * An executed GROUP_CHANGE updates the account (its group version bumps) and aborts the account's
 * other open proposals, whose votes were cast under the old group.
 *
 * The timer also rejects SUBMITTED proposals whose voting period has ended, with nobody voting.
 */
export class ProposalExecution {
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Signers' sequences are per key: one transaction at a time from this process. */
  private chainQueue: Promise<unknown> = Promise.resolve();
  private readonly periodic: PeriodicTask;
  private readonly correlations = new Correlations();

  constructor(
    private readonly services: ProcessServices,
    private readonly options: { intervalMs?: number; staleMs?: number } = {},
  ) {
    this.periodic = new PeriodicTask('proposal execution', () => this.tick(), services.logger, options.intervalMs ?? 1000);
  }

  private get store(): EventStore {
    return this.services.eventStore;
  }
  private get commands(): CommandHandler {
    return this.services.commands;
  }
  private get logger(): Logger {
    return this.services.logger;
  }

  start(): void {
    this.periodic.start();
  }

  async stop(): Promise<void> {
    await this.periodic.stop();
    await Promise.allSettled([...this.locks.values()]);
    await this.chainQueue.catch(() => undefined);
  }

  async load(proposalId: string): Promise<ProposalState> {
    const recorded = await this.store.readStream(proposalStream(proposalId));
    this.correlations.remember(proposalId, recorded, fallbackCorrelation(proposalId));
    return fold(proposalDecider, recorded as unknown as ProposalEvent[]);
  }

  /** Logs of a proposal's steps carry the correlation id of the request that submitted it. */
  private loggerFor(proposalId: string): Logger {
    return stepLogger(this.logger, this.correlations.of(proposalId, fallbackCorrelation(proposalId)), { proposalId });
  }

  /** One thing at a time per proposal in this process (other processes are held off by stream versions). */
  private exclusive<T>(proposalId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(proposalId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.locks.set(proposalId, next);
    next.finally(() => {
      if (this.locks.get(proposalId) === next) this.locks.delete(proposalId);
    }).catch(() => undefined);
    return next;
  }

  /**
   * One signing transaction at a time: in this process by the queue, across the processes of one
   * database by an advisory lock held until the chain has answered, so that a signer's sequence read
   * before signing is still the chain's when the bytes arrive (two processes executing proposals of
   * the same members otherwise sign with the same sequence, and one attempt is abandoned).
   */
  private onChain<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chainQueue
      .catch(() => undefined)
      .then(() =>
        this.services.db.transaction(async (trx) => {
          await trx.raw(`select pg_advisory_xact_lock(hashtext('emisor.proposal-signing'), 0)`);
          return work();
        }),
      );
    this.chainQueue = next.catch(() => undefined);
    return next;
  }

  private systemContext(state: ProposalState, causationId: string | null, actorId: string | null = null): CommandContext {
    return {
      actorId,
      organizationId: state.proposal?.organizationId ?? null,
      correlationId: this.correlations.of(state.proposal?.proposalId ?? '', fallbackCorrelation(state.proposal?.proposalId ?? 'unknown')),
      causationId,
      now: new Date(),
    };
  }

  /**
   * Executes an ACCEPTED proposal, or finishes the attempt in flight. `explicit` (the execute route)
   * refuses what is not executable; the inline and timer paths return quietly instead. An attempt the
   * chain refused for a stale sequence (another transaction of a signer came first) is abandoned and
   * signed again, a few times at most per call; the timer calls again for what is left.
   */
  async execute(proposalId: string, options: { explicit?: boolean; actorId?: string | null } = {}): Promise<ProposalState> {
    return this.exclusive(proposalId, async () => {
      let state = await this.load(proposalId);
      if (state.status === null) throw notFound('Proposal');
      if (!state.execution.pending && (state.status !== 'ACCEPTED' || state.execution.result === 'SUCCESS')) {
        if (options.explicit)
          throw conflict(
            'PROPOSAL_NOT_EXECUTABLE',
            state.execution.result === 'SUCCESS' ? 'The proposal has already been executed' : `The proposal is ${state.status}, not ACCEPTED`,
          );
        return state;
      }
      for (let round = 1; round <= MAX_ROUNDS; round++) {
        state = state.execution.pending ? await this.resolvePendingLocked(state) : await this.attempt(state, options.actorId ?? null);
        if (!isAbandoned(state)) break;
      }
      return state;
    });
  }

  private async keysOf(state: ProposalState): Promise<CustodyKey[]> {
    const yes = state.votes.filter((vote) => vote.option === 'YES');
    return Promise.all(
      yes.map(async (vote) => {
        const key = await custodyKeyOfUser(this.services, vote.userId);
        if (key.address !== vote.address) throw new Error(`the custody key of ${vote.userId} no longer matches its vote's address`);
        return key;
      }),
    );
  }

  private async attempt(state: ProposalState, actorId: string | null): Promise<ProposalState> {
    const proposal = state.proposal!;
    const keys = await this.keysOf(state);
    const chain = this.services.chain;
    return this.onChain(async () => {
      await this.sendAttemptsInFlight(proposal.proposalId, keys);
      const submit = msgSubmitProposal({
        policyAddress: proposal.policyAddress,
        proposers: keys.map((key) => key.address),
        messages: proposal.messages.map(toChainMessage),
        metadata: { proposalId: proposal.proposalId, title: proposal.title, creatorId: proposal.proposerId },
      });
      const signers = await Promise.all(
        keys.map(async (key) => {
          const account = await chain.getAccount(key.address);
          return { key, accountNumber: account?.accountNumber ?? 0, sequence: account?.sequence ?? 0 };
        }),
      );
      const bytes = signTransaction({ chainId: chain.chainId, signers, messages: [submit], memo: `emisor proposal ${proposal.proposalId}` });
      const hash = txHash(bytes);
      const context = this.systemContext(state, null, actorId);
      const started = await this.commands.handle(
        proposalDecider,
        proposalStream(proposal.proposalId),
        {
          type: 'StartExecution',
          txHash: hash,
          txBytes: Buffer.from(bytes).toString('base64'),
          signers: keys.map((key) => key.address),
          now: context.now.toISOString(),
        },
        context,
        { waitForProjections: false },
      );
      let result: TxResult;
      try {
        result = withOutcome(await chain.broadcast(bytes));
      } catch (error) {
        // Unreachable: the attempt stays pending; the timer resolves it by hash or re-sends these bytes.
        this.loggerFor(proposal.proposalId).warn({ err: error }, 'broadcast failed; execution left pending');
        if (started.position) await this.commands.awaitProjections(started.position).catch(() => undefined);
        return started.state;
      }
      return this.record(started.state, result);
    });
  }

  /**
   * Attempts of other proposals left in flight with a signer in common (their process died between
   * recording the bytes and the chain's answer, or the chain was out of reach) are sent again before
   * this attempt reads the signers' sequences: the chain takes those bytes at most once, and the
   * sequences read afterwards are final. Otherwise both would be signed with one sequence and one of
   * them abandoned. Recording their outcome is left to their own executions (the timer finds them by hash).
   */
  private async sendAttemptsInFlight(proposalId: string, keys: CustodyKey[]): Promise<void> {
    const projected: string[] = await this.services.db('proposals').where({ execution_pending: true }).whereNot({ id: proposalId }).limit(20).pluck('id');
    const inFlight = new Set([...projected, ...(await this.startedSinceReadModel())]);
    inFlight.delete(proposalId);
    const signers = new Set(keys.map((key) => key.address));
    for (const id of inFlight) {
      const pending = (await this.load(id)).execution.pending;
      if (!pending?.signers.some((address) => signers.has(address))) continue;
      await this.services.chain
        .broadcast(Buffer.from(pending.txBytes, 'base64'))
        .catch((error) => this.loggerFor(id).warn({ err: error }, 'an attempt in flight could not be sent again'));
    }
  }

  /**
   * Proposals whose execution started after the `proposals` read model's checkpoint: an attempt a process
   * recorded just before it died is not in the read model until the leader's projections apply it (a
   * new leader's, after a takeover), and signing meanwhile would take the same sequences. The log after
   * the checkpoint is the projection's lag plus at most the events it skips between checkpoints (10,000),
   * read with the payload of these events only.
   */
  private async startedSinceReadModel(): Promise<string[]> {
    const { db } = this.services;
    const checkpoint: { commit: string; prepare: string } | undefined = await db('projection_checkpoints')
      .where({ name: PROPOSALS_READ_MODEL })
      .first(db.raw('commit_position::text as commit'), db.raw('prepare_position::text as prepare'));
    let after: GlobalPosition | null = checkpoint ? { commit: BigInt(checkpoint.commit), prepare: BigInt(checkpoint.prepare) } : null;
    const started = new Set<string>();
    for (;;) {
      const page = await this.store.readAll(after, TAIL_PAGE, EXECUTIONS_STARTED);
      for (const event of page) if (event.type === 'ProposalExecutionStarted') started.add((event.data as ProposalExecutionStarted['data']).proposalId);
      if (page.length < TAIL_PAGE) return [...started];
      after = page[page.length - 1]!.position;
    }
  }

  private async record(state: ProposalState, result: TxResult): Promise<ProposalState> {
    const pending = state.execution.pending!;
    const success = result.code === 0 && result.executorResult === 'SUCCESS';
    const stale = result.code === SEQUENCE_MISMATCH_CODE && result.height === 0;
    const context = this.systemContext(state, null);
    const recorded = await this.commands.handle(
      proposalDecider,
      proposalStream(state.proposal!.proposalId),
      {
        type: 'RecordExecution',
        attempt: pending.attempt,
        txHash: pending.txHash,
        height: result.height,
        // A stale sequence is the platform's bookkeeping, not the proposal's messages: the attempt did not run.
        executorResult: success ? 'SUCCESS' : stale ? 'NOT_RUN' : 'FAILURE',
        reason: success ? null : `${stale ? `${ABANDONED} ` : ''}code ${result.code}: ${result.rawLog || 'the proposal did not execute'}`,
        now: context.now.toISOString(),
      },
      context,
      // What the execution moved shows in the next read: its answer waits for the block's read models too (balances, supply).
      success ? { alsoAwait: CHAIN_BLOCK_EVENTS } : {},
    );
    this.loggerFor(state.proposal!.proposalId).info({ txHash: pending.txHash, height: result.height, code: result.code }, 'proposal execution recorded');
    if (success && state.proposal!.kind === 'GROUP_CHANGE') await this.applyGroupChange(recorded.state);
    return recorded.state;
  }

  private async resolvePendingLocked(state: ProposalState): Promise<ProposalState> {
    const pending = state.execution.pending!;
    const chain = this.services.chain;
    return this.onChain(async () => {
      const found = await chain.getTx(pending.txHash);
      if (found) return this.record(state, withOutcome(found));
      const result = withOutcome(await chain.broadcast(Buffer.from(pending.txBytes, 'base64')));
      // A stale sequence may be these very bytes, included since the look-up: only abandon what the chain does not hold.
      if (result.code === SEQUENCE_MISMATCH_CODE) {
        const included = await chain.getTx(pending.txHash);
        if (included) return this.record(state, withOutcome(included));
      }
      return this.record(state, result);
    });
  }

  /** The account takes the group the executed proposal set, then its other open proposals abort. */
  async applyGroupChange(state: ProposalState): Promise<void> {
    const proposal = state.proposal!;
    if (!proposal.groupChange) return;
    const context = this.systemContext(state, proposal.proposalId);
    const changed = await this.commands.handle(
      accountDecider,
      accountStream(proposal.multisigId),
      {
        type: 'ChangeGroup',
        members: proposal.groupChange.members,
        threshold: proposal.groupChange.threshold,
        proposalId: proposal.proposalId,
        txHash: state.execution.txHash ?? '',
        now: context.now.toISOString(),
      },
      context,
    );
    await this.abortStale(proposal.multisigId, changed.state.groupVersion, proposal.proposalId);
  }

  /** Aborts the account's open proposals submitted under an older group version. */
  async abortStale(accountId: string, groupVersion: number, causedBy: string | null): Promise<void> {
    const ids: string[] = await this.services
      .db('proposals')
      .where({ account_id: accountId })
      .where('group_version', '<', groupVersion)
      .whereIn('status', ['SUBMITTED', 'ACCEPTED'])
      .pluck('id');
    for (const id of ids) {
      const state = await this.load(id);
      const context = this.systemContext(state, causedBy);
      await this.commands.handle(
        proposalDecider,
        proposalStream(id),
        { type: 'AbortProposal', groupVersion, causedByProposalId: causedBy, now: context.now.toISOString() },
        context,
      );
    }
  }

  /** Records the end of the voting period of a SUBMITTED proposal (nobody needs to vote for that). */
  async expire(proposalId: string, now = new Date()): Promise<ProposalState> {
    const state = await this.load(proposalId);
    if (state.status !== 'SUBMITTED') return state;
    const context = { ...this.systemContext(state, null), now };
    return (await this.commands.handle(proposalDecider, proposalStream(proposalId), { type: 'ExpireProposal', now: now.toISOString() }, context)).state;
  }

  /** One pass over what needs a nudge: overdue votes, unapplied group changes, stale or unexecuted proposals. */
  async tick(now = new Date()): Promise<void> {
    const db: Knex = this.services.db;
    const overdue: string[] = await db('proposals').where({ status: 'SUBMITTED' }).where('voting_ends_at', '<=', now).limit(200).pluck('id');
    for (const id of overdue) await this.expire(id, now).catch((error) => this.loggerFor(id).warn({ err: error }, 'expiry failed'));

    const unapplied: Array<{ id: string }> = await db('proposals as p')
      .join('accounts as a', 'a.id', 'p.account_id')
      .where({ 'p.kind': 'GROUP_CHANGE', 'p.executor_result': 'SUCCESS' })
      .whereRaw('a.group_version <= p.group_version')
      .limit(50)
      .select('p.id');
    for (const { id } of unapplied) await this.applyGroupChange(await this.load(id));

    const stale: Array<{ account_id: string; group_version: number }> = await db('proposals as p')
      .join('accounts as a', 'a.id', 'p.account_id')
      .whereRaw('p.group_version < a.group_version')
      .whereIn('p.status', ['SUBMITTED', 'ACCEPTED'])
      .where('p.execution_pending', false)
      .whereRaw("coalesce(p.executor_result, '') <> 'SUCCESS'")
      .distinct('p.account_id', 'a.group_version');
    for (const row of stale) await this.abortStale(row.account_id, row.group_version, null);

    // Every accepted proposal without a result of its own: pending, never started, or an abandoned attempt.
    const staleBefore = new Date(now.getTime() - (this.options.staleMs ?? 5000));
    const unfinished: string[] = await db('proposals')
      .where({ status: 'ACCEPTED' })
      .where((where) => where.where('execution_pending', true).orWhereNull('executor_result').orWhere('executor_result', 'NOT_RUN'))
      .where('updated_at', '<', staleBefore)
      .orderBy('updated_at')
      .limit(50)
      .pluck('id');
    for (const id of unfinished) {
      if (this.locks.has(id)) continue;
      await this.execute(id).catch((error) => this.loggerFor(id).warn({ err: error }, 'execution retry failed'));
    }
  }
}

