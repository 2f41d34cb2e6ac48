import type { RecordedEvent } from '../write-side/event-store/event-store';
import { totalWeight } from '../write-side/proposal/decide';
import { PROPOSAL_EVENT_TYPES, type ProposalEvent } from '../write-side/proposal/events';
import { insertRows, unnested, type Columns } from './column-arrays';
import type { Projection } from './projection';
import { TableChanges } from './table-changes';

const TALLY_COLUMN = { YES: 'tally_yes', NO: 'tally_no', ABSTAIN: 'tally_abstain', NO_WITH_VETO: 'tally_no_with_veto' } as const;
type Tally = Record<(typeof TALLY_COLUMN)[keyof typeof TALLY_COLUMN], number>;

interface VoteRow {
  proposal_id: string;
  user_id: string;
  address: string;
  option: string;
  weight: number;
  cast_at: string;
}

const VOTE_COLUMNS: Columns<VoteRow> = [
  ['proposal_id', 'text'],
  ['user_id', 'text'],
  ['address', 'text'],
  ['option', 'text'],
  ['weight', 'integer'],
  ['cast_at', 'timestamptz'],
];

const TALLY_COLUMNS: Columns<Tally & { id: string }> = [
  ['id', 'text'],
  ['tally_yes', 'integer'],
  ['tally_no', 'integer'],
  ['tally_abstain', 'integer'],
  ['tally_no_with_veto', 'integer'],
];

/** Proposals with their tally and execution, and one row per vote. */
export const proposalsProjection: Projection = {
  name: 'proposals',
  tables: ['proposal_votes', 'proposals'],
  handles: PROPOSAL_EVENT_TYPES,
  async applyBatch(trx, events: RecordedEvent[]) {
    const proposals = new TableChanges('proposals', { onConflict: 'ignore' });
    const votes: VoteRow[] = [];
    /** Weight the batch's votes add to each proposal's tally, per option. */
    const tallies = new Map<string, Tally>();
    for (const recorded of events) {
      const event = recorded as unknown as ProposalEvent;
      const at = recorded.metadata.occurredAt;
      switch (event.type) {
        case 'ProposalSubmitted': {
          const data = event.data;
          proposals.insert({
            id: data.proposalId,
            account_id: data.multisigId,
            organization_id: data.organizationId,
            kind: data.kind,
            status: 'SUBMITTED',
            title: data.title,
            proposer_id: data.proposerId,
            messages: data.messages,
            group_change: data.groupChange ?? null,
            electorate: data.electorate,
            threshold: data.threshold,
            total_weight: totalWeight(data.electorate),
            group_version: data.groupVersion,
            bridging_request_id: data.bridgingRequestId,
            created_at: data.createdAt,
            voting_ends_at: data.votingEndsAt,
            updated_at: data.createdAt,
          });
          break;
        }
        case 'VoteCast': {
          const data = event.data;
          votes.push({ proposal_id: data.proposalId, user_id: data.userId, address: data.address, option: data.option, weight: data.weight, cast_at: data.castAt });
          const tally = tallies.get(data.proposalId) ?? { tally_yes: 0, tally_no: 0, tally_abstain: 0, tally_no_with_veto: 0 };
          tally[TALLY_COLUMN[data.option]] += data.weight;
          tallies.set(data.proposalId, tally);
          proposals.update(data.proposalId, { updated_at: data.castAt });
          break;
        }
        case 'ProposalAccepted':
          proposals.update(event.data.proposalId, { status: 'ACCEPTED', decided_at: event.data.decidedAt, updated_at: at });
          break;
        case 'ProposalRejected':
          proposals.update(event.data.proposalId, { status: 'REJECTED', rejection_reason: event.data.reason, decided_at: event.data.decidedAt, updated_at: at });
          break;
        case 'ProposalAborted':
          proposals.update(event.data.proposalId, { status: 'ABORTED', decided_at: event.data.abortedAt, updated_at: at });
          break;
        case 'ProposalWithdrawn':
          proposals.update(event.data.proposalId, { status: 'WITHDRAWN', decided_at: event.data.withdrawnAt, updated_at: at });
          break;
        case 'ProposalExecutionStarted':
          proposals.update(event.data.proposalId, { execution_attempts: event.data.attempt, execution_pending: true, tx_hash: event.data.txHash, updated_at: at });
          break;
        case 'ProposalExecuted':
          proposals.update(event.data.proposalId, {
            execution_pending: false,
            executor_result: event.data.executorResult,
            tx_hash: event.data.txHash,
            height: event.data.height,
            failure_reason: event.data.reason,
            executed_at: event.data.executedAt,
            updated_at: at,
          });
          break;
      }
    }
    // Tallies add up (a vote counts whenever it is applied, as before): a proposal the batch submits starts
    // with its votes in the batch, written with its row; the others' are added in one statement. Submitted
    // and voted on in one batch, as most are in a catch-up, a proposal's row is written once, not twice.
    for (const [id, tally] of tallies) proposals.initial(id, tally);
    const submitted = await proposals.write(trx);
    if (votes.length === 0) return;
    const inserted = insertRows('proposal_votes', VOTE_COLUMNS, votes);
    await trx.raw(`${inserted.sql} on conflict (proposal_id, user_id) do nothing`, inserted.values);
    const older = [...tallies].filter(([id]) => !submitted.has(id));
    if (older.length === 0) return;
    const added = unnested(TALLY_COLUMNS, older.map(([id, tally]) => ({ id, ...tally })));
    await trx.raw(
      `update proposals p set tally_yes = p.tally_yes + v.tally_yes, tally_no = p.tally_no + v.tally_no,
         tally_abstain = p.tally_abstain + v.tally_abstain, tally_no_with_veto = p.tally_no_with_veto + v.tally_no_with_veto
       from ${added.source}
       where p.id = v.id`,
      added.values,
    );
  },
};
