import type { Knex } from 'knex';
import type { RecordedEvent } from '../write-side/event-store/event-store';
import { totalWeight } from '../write-side/proposal/decide';
import { PROPOSAL_EVENT_TYPES, type ProposalEvent } from '../write-side/proposal/events';
import type { Projection } from './projection';

/** Proposals with their tally and execution, and one row per vote. */
export const proposalsProjection: Projection = {
  name: 'proposals',
  tables: ['proposal_votes', 'proposals'],
  handles: PROPOSAL_EVENT_TYPES,
  async apply(trx: Knex.Transaction, recorded: RecordedEvent): Promise<void> {
    const event = recorded as unknown as ProposalEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'ProposalSubmitted': {
        const data = event.data;
        await trx('proposals')
          .insert({
            id: data.proposalId,
            account_id: data.multisigId,
            organization_id: data.organizationId,
            kind: data.kind,
            status: 'SUBMITTED',
            title: data.title,
            proposer_id: data.proposerId,
            messages: JSON.stringify(data.messages),
            group_change: data.groupChange ? JSON.stringify(data.groupChange) : null,
            electorate: JSON.stringify(data.electorate),
            threshold: data.threshold,
            total_weight: totalWeight(data.electorate),
            group_version: data.groupVersion,
            bridging_request_id: data.bridgingRequestId,
            created_at: data.createdAt,
            voting_ends_at: data.votingEndsAt,
            updated_at: data.createdAt,
          })
          .onConflict('id')
          .ignore();
        return;
      }
      case 'VoteCast': {
        const data = event.data;
        await trx('proposal_votes')
          .insert({
            proposal_id: data.proposalId,
            user_id: data.userId,
            address: data.address,
            option: data.option,
            weight: data.weight,
            cast_at: data.castAt,
          })
          .onConflict(['proposal_id', 'user_id'])
          .ignore();
        const column = { YES: 'tally_yes', NO: 'tally_no', ABSTAIN: 'tally_abstain', NO_WITH_VETO: 'tally_no_with_veto' }[data.option];
        await trx('proposals').where({ id: data.proposalId }).increment(column, data.weight).update({ updated_at: data.castAt });
        return;
      }
      case 'ProposalAccepted':
        await trx('proposals').where({ id: event.data.proposalId }).update({ status: 'ACCEPTED', decided_at: event.data.decidedAt, updated_at: at });
        return;
      case 'ProposalRejected':
        await trx('proposals')
          .where({ id: event.data.proposalId })
          .update({ status: 'REJECTED', rejection_reason: event.data.reason, decided_at: event.data.decidedAt, updated_at: at });
        return;
      case 'ProposalAborted':
        await trx('proposals').where({ id: event.data.proposalId }).update({ status: 'ABORTED', decided_at: event.data.abortedAt, updated_at: at });
        return;
      case 'ProposalWithdrawn':
        await trx('proposals')
          .where({ id: event.data.proposalId })
          .update({ status: 'WITHDRAWN', decided_at: event.data.withdrawnAt, updated_at: at });
        return;
      case 'ProposalExecutionStarted':
        await trx('proposals')
          .where({ id: event.data.proposalId })
          .update({ execution_attempts: event.data.attempt, execution_pending: true, tx_hash: event.data.txHash, updated_at: at });
        return;
      case 'ProposalExecuted':
        await trx('proposals')
          .where({ id: event.data.proposalId })
          .update({
            execution_pending: false,
            executor_result: event.data.executorResult,
            tx_hash: event.data.txHash,
            height: event.data.height,
            failure_reason: event.data.reason,
            executed_at: event.data.executedAt,
            updated_at: at,
          });
        return;
    }
  },
};
