import { createHash } from 'node:crypto';
import { addressFromPublicKey, signBytes, verifySignature, type CustodyKey } from '../chain/keys';
import type { MemberSignature, ProposalSubmitted, VoteOption } from './events';

/**
 * Canonical sign documents for governance. Every proposal and every vote carries a secp256k1
 * signature by the member's custody key over one of these, stored in the event, so that an auditor
 * can re-check the whole governance history offline from the event store alone
 * (scripts/audit-verify.ts).
 *
 * Canonical form: JSON with object keys sorted at every level, no insignificant whitespace, UTF-8.
 * The vote document binds the vote to the exact proposal by the proposal document's SHA-256.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('non-finite number in a sign document');
    if (typeof value === 'bigint') return JSON.stringify(value.toString());
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

export const PROPOSAL_DOCUMENT_TYPE = 'emisor/ProposalSubmission/v1';
export const VOTE_DOCUMENT_TYPE = 'emisor/Vote/v1';

type ProposalFields = Omit<ProposalSubmitted['data'], 'proposerSignature'>;

/** What the proposer signs: everything that defines the proposal, nothing the platform adds later. */
export function proposalSignDocument(proposal: ProposalFields): Uint8Array {
  return Buffer.from(
    canonicalJson({
      type: PROPOSAL_DOCUMENT_TYPE,
      chainId: proposal.chainId,
      proposalId: proposal.proposalId,
      multisigId: proposal.multisigId,
      organizationId: proposal.organizationId,
      policyAddress: proposal.policyAddress,
      kind: proposal.kind,
      title: proposal.title,
      proposerId: proposal.proposerId,
      proposerAddress: proposal.proposerAddress,
      messages: proposal.messages,
      groupChange: proposal.groupChange,
      bridgingRequestId: proposal.bridgingRequestId,
      electorate: proposal.electorate,
      threshold: proposal.threshold,
      groupVersion: proposal.groupVersion,
      createdAt: proposal.createdAt,
      votingEndsAt: proposal.votingEndsAt,
    }),
    'utf8',
  );
}

export const proposalDigest = (proposal: ProposalFields): string =>
  createHash('sha256').update(proposalSignDocument(proposal)).digest('hex');

export interface VoteFields {
  userId: string;
  address: string;
  option: VoteOption;
  castAt: string;
}

/** What a voter signs: the option, who and when, bound to the proposal document's digest. */
export function voteSignDocument(proposal: ProposalFields, vote: VoteFields): Uint8Array {
  return Buffer.from(
    canonicalJson({
      type: VOTE_DOCUMENT_TYPE,
      chainId: proposal.chainId,
      proposalId: proposal.proposalId,
      policyAddress: proposal.policyAddress,
      proposalDigest: proposalDigest(proposal),
      userId: vote.userId,
      address: vote.address,
      option: vote.option,
      castAt: vote.castAt,
    }),
    'utf8',
  );
}

export function signDocument(key: CustodyKey, document: Uint8Array): MemberSignature {
  return {
    publicKey: Buffer.from(key.publicKey).toString('base64'),
    signature: Buffer.from(signBytes(key.privateKey, document)).toString('base64'),
  };
}

export type SignatureCheck = { valid: true } | { valid: false; reason: string };

/** The signature verifies over the document and its public key is the expected address's key. */
export function checkSignature(
  signature: MemberSignature | null | undefined,
  document: Uint8Array,
  expectedAddress: string,
  prefix: string,
): SignatureCheck {
  if (!signature || typeof signature.publicKey !== 'string' || typeof signature.signature !== 'string')
    return { valid: false, reason: 'missing signature' };
  const publicKey = Buffer.from(signature.publicKey, 'base64');
  const bytes = Buffer.from(signature.signature, 'base64');
  let address: string;
  try {
    address = addressFromPublicKey(publicKey, prefix);
  } catch {
    return { valid: false, reason: 'malformed public key' };
  }
  if (address !== expectedAddress) return { valid: false, reason: `public key belongs to ${address}, not ${expectedAddress}` };
  if (!verifySignature(publicKey, document, bytes)) return { valid: false, reason: 'signature does not verify' };
  return { valid: true };
}
