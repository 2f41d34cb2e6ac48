import type { EventStore, GlobalPosition, RecordedEvent } from '../event-store/event-store';
import { outcomeOf, tallyOf, totalWeight } from './decide';
import type { ProposalEvent, ProposalSubmitted, VoteCast } from './events';
import { checkSignature, proposalSignDocument, voteSignDocument } from './sign-document';

export interface AuditFinding {
  proposalId: string;
  eventId: string;
  position: string;
  problem: string;
}

export interface AuditReport {
  events: number;
  proposals: number;
  votes: number;
  signaturesChecked: number;
  findings: AuditFinding[];
}

interface Tracked {
  proposal: ProposalSubmitted['data'];
  fields: Omit<ProposalSubmitted['data'], 'proposerSignature'>;
  votes: VoteCast['data'][];
  status: string;
}

/**
 * Re-checks the whole governance history from the event store alone, offline: every proposal's
 * proposer signature and every vote's signature (secp256k1 over the canonical sign documents, by the
 * key whose address the electorate names), each vote's weight against the electorate, and that every
 * acceptance, rejection and execution follows from the votes by the x/group threshold rules.
 */
export async function auditGovernance(store: EventStore, prefix: string, batch = 1000): Promise<AuditReport> {
  const report: AuditReport = { events: 0, proposals: 0, votes: 0, signaturesChecked: 0, findings: [] };
  const tracked = new Map<string, Tracked>();
  /** Custody addresses as the users' registrations recorded them: a signer must be who it claims. */
  const registered = new Map<string, string>();
  const checkUser = (event: RecordedEvent, proposalId: string, userId: string, address: string, role: string) => {
    const known = registered.get(userId);
    if (known === undefined) find(event, proposalId, `${role} ${userId} has no registration in the store`);
    else if (known !== address) find(event, proposalId, `${role} ${userId} signed as ${address}, but registered ${known}`);
  };
  const find = (event: RecordedEvent, proposalId: string, problem: string) =>
    report.findings.push({ proposalId, eventId: event.id, position: `${event.position.commit}:${event.position.prepare}`, problem });

  let after: GlobalPosition | null = null;
  for (;;) {
    const events = await store.readAll(after, batch);
    if (events.length === 0) break;
    after = events[events.length - 1]!.position;
    for (const recorded of events) {
      report.events++;
      if (recorded.type === 'UserRegistered') {
        const user = recorded.data as { userId: string; address: string };
        registered.set(user.userId, user.address);
        continue;
      }
      const event = recorded as unknown as ProposalEvent;
      switch (event.type) {
        case 'ProposalSubmitted': {
          report.proposals++;
          const { proposerSignature, ...fields } = event.data;
          tracked.set(fields.proposalId, { proposal: event.data, fields, votes: [], status: 'SUBMITTED' });
          report.signaturesChecked++;
          const check = checkSignature(proposerSignature, proposalSignDocument(fields), fields.proposerAddress, prefix);
          if (!check.valid) find(recorded, fields.proposalId, `proposal signature: ${check.reason}`);
          const member = fields.electorate.find((candidate) => candidate.userId === fields.proposerId);
          if (member && member.address !== fields.proposerAddress)
            find(recorded, fields.proposalId, 'the proposer signed with a key other than its member address');
          checkUser(recorded, fields.proposalId, fields.proposerId, fields.proposerAddress, 'proposer');
          for (const elector of fields.electorate) checkUser(recorded, fields.proposalId, elector.userId, elector.address, 'member');
          break;
        }
        case 'VoteCast': {
          report.votes++;
          const vote = event.data;
          const proposal = tracked.get(vote.proposalId);
          if (!proposal) {
            find(recorded, vote.proposalId, 'vote on an unknown proposal');
            break;
          }
          const member = proposal.fields.electorate.find((candidate) => candidate.userId === vote.userId);
          if (!member) find(recorded, vote.proposalId, `vote by ${vote.userId}, who is not in the electorate`);
          else if (member.address !== vote.address || member.weight !== vote.weight)
            find(recorded, vote.proposalId, `vote by ${vote.userId} does not match its electorate entry (address or weight)`);
          if (proposal.votes.some((earlier) => earlier.userId === vote.userId)) find(recorded, vote.proposalId, `second vote by ${vote.userId}`);
          if (proposal.status !== 'SUBMITTED') find(recorded, vote.proposalId, `vote on a ${proposal.status} proposal`);
          checkUser(recorded, vote.proposalId, vote.userId, vote.address, 'voter');
          report.signaturesChecked++;
          const check = checkSignature(
            vote.signature,
            voteSignDocument(proposal.fields, { userId: vote.userId, address: vote.address, option: vote.option, castAt: vote.castAt }),
            vote.address,
            prefix,
          );
          if (!check.valid) find(recorded, vote.proposalId, `vote signature of ${vote.userId}: ${check.reason}`);
          proposal.votes.push(vote);
          break;
        }
        case 'ProposalAccepted':
        case 'ProposalRejected': {
          const proposal = tracked.get(event.data.proposalId);
          if (!proposal) {
            find(recorded, event.data.proposalId, `${event.type} of an unknown proposal`);
            break;
          }
          const outcome = outcomeOf(tallyOf(proposal.votes), totalWeight(proposal.fields.electorate), proposal.fields.threshold);
          if (event.type === 'ProposalAccepted' && outcome !== 'ACCEPTED')
            find(recorded, event.data.proposalId, 'accepted although the signed votes do not meet the threshold');
          if (event.type === 'ProposalRejected' && event.data.reason === 'THRESHOLD_UNREACHABLE' && outcome !== 'REJECTED')
            find(recorded, event.data.proposalId, 'rejected although the threshold was still reachable');
          proposal.status = event.type === 'ProposalAccepted' ? 'ACCEPTED' : 'REJECTED';
          break;
        }
        case 'ProposalAborted':
        case 'ProposalWithdrawn': {
          const proposal = tracked.get(event.data.proposalId);
          if (proposal) proposal.status = event.type === 'ProposalAborted' ? 'ABORTED' : 'WITHDRAWN';
          break;
        }
        case 'ProposalExecuted': {
          const proposal = tracked.get(event.data.proposalId);
          if (event.data.executorResult === 'SUCCESS' && proposal?.status !== 'ACCEPTED')
            find(recorded, event.data.proposalId, `executed while ${proposal?.status ?? 'unknown'}`);
          break;
        }
      }
    }
  }
  return report;
}
