/**
 * The one shared rule set (spec "Authentication" 6): role × organization type × ownership. Every route
 * guard, every resource check and GET /users/me/abilities read it; docs/abilities.md is generated from
 * it (`npm run docs:abilities`).
 *
 * Sources: the spec's per-route abilities, the Role summary table and the Instant Payments abilities
 * table. Auditors never mutate; Members have no Control Panel (no `read · Organization`); Issuer
 * Members do not get InstantPaymentOversight.
 */
import { forbidden, notFound } from '../write-side/errors';
import { ORGANIZATION_TYPES, type OrganizationType } from '../write-side/organization/events';
import { ROLES, type Role } from '../write-side/user/events';
import type { Principal } from '../write-side/user/principal';

export { ORGANIZATION_TYPES, ROLES, type OrganizationType, type Principal, type Role };

export const ACTIONS = ['read', 'create', 'manage'] as const;
export type Action = (typeof ACTIONS)[number];
export const SUBJECTS = [
  'User',
  'Invitation',
  'Organization',
  'Bridging',
  'Multisig',
  'Proposal',
  'Vote',
  'WhitelistAddress',
  'Operation',
  'Token',
  'AddressBook',
  'Dashboard',
  'Export',
  'InstantPayment',
  'InstantPaymentOversight',
] as const;
export type Subject = (typeof SUBJECTS)[number];

type Grants = Partial<Record<Subject, Action>>;

/** `manage` implies `create` and `read`, and `create` implies `read`, as in CASL. */
const IMPLIED: Record<Action, readonly Action[]> = { read: ['read'], create: ['create', 'read'], manage: ACTIONS };

/** What every role reads, whatever its organization type. */
const COMMON_READS: Grants = { Operation: 'read', Token: 'read', Dashboard: 'read', Export: 'read' };

const ADMINISTRATOR: Grants = {
  ...COMMON_READS,
  User: 'manage',
  Invitation: 'manage',
  Organization: 'manage',
  Bridging: 'manage',
  Multisig: 'manage',
  Proposal: 'create',
  Vote: 'create',
  WhitelistAddress: 'manage',
  AddressBook: 'manage',
};

const MEMBER: Grants = {
  ...COMMON_READS,
  User: 'read',
  Multisig: 'read',
  Proposal: 'create',
  Vote: 'create',
  AddressBook: 'manage',
};

/** Read-only with full visibility, Control Panel included. */
const AUDITOR: Grants = {
  ...COMMON_READS,
  User: 'read',
  Invitation: 'read',
  Organization: 'read',
  Multisig: 'read',
  Proposal: 'read',
  Vote: 'read',
  WhitelistAddress: 'read',
  AddressBook: 'read',
};

export const RULES: Record<OrganizationType, Record<Role, Grants>> = {
  CENTRAL: {
    // The token registry and the cross-bank Instant Payments oversight are the issuer's.
    administrator: { ...ADMINISTRATOR, Token: 'manage', InstantPaymentOversight: 'manage' },
    member: MEMBER,
    auditor: { ...AUDITOR, InstantPaymentOversight: 'read' },
  },
  COMMERCIAL: {
    // A participant's own retail clients, accounts and payments.
    administrator: { ...ADMINISTRATOR, InstantPayment: 'manage' },
    member: { ...MEMBER, InstantPayment: 'create' },
    auditor: { ...AUDITOR, InstantPayment: 'read' },
  },
};

/**
 * Ownership: a grant reaches the caller's own organization's resources only, except the subjects the
 * CENTRAL organization oversees across participants (it onboards them and runs their conversions).
 */
export const ISSUER_WIDE_SUBJECTS: readonly Subject[] = ['Organization', 'Bridging'];

/**
 * Changes to an organization's standing (create, profile and status, admin roster invitation, exchange
 * address, freeze and unfreeze) are the issuer's: a participant's administrators manage only their own
 * organization's settings (chain RPC) and see its alerts.
 */
export const ISSUER_ONLY_DETAIL = 'Only the central bank changes an organization\'s standing';

type Who = Pick<Principal, 'role' | 'organizationType'>;

export function actionsOf(principal: Who, subject: Subject): Action[] {
  const granted = RULES[principal.organizationType][principal.role][subject];
  return granted ? ACTIONS.filter((action) => IMPLIED[granted].includes(action)) : [];
}

/** Without a target: whether the caller holds the ability at all (the route guard). With one: on that organization's resource. */
export function can(principal: Who & Partial<Pick<Principal, 'organizationId'>>, action: Action, subject: Subject, target?: { organizationId: string }): boolean {
  if (!actionsOf(principal, subject).includes(action)) return false;
  if (!target) return true;
  return (
    target.organizationId === principal.organizationId ||
    (principal.organizationType === 'CENTRAL' && ISSUER_WIDE_SUBJECTS.includes(subject))
  );
}

/**
 * The resource check: 404 when the resource lies outside what the caller may see at all (so ids of
 * other organizations are not confirmed), 403 when it may see but not do this.
 */
export function authorize(principal: Principal, action: Action, subject: Subject, target: { organizationId: string }, what = subject as string): void {
  if (can(principal, action, subject, target)) return;
  if (!can(principal, 'read', subject, target)) throw notFound(what);
  throw forbidden(`Requires ${action} · ${subject} on this ${what.toLowerCase()}`);
}

/** The issuer-only refinement of `manage · Organization` (see ISSUER_ONLY_DETAIL). */
export function authorizeIssuer(principal: Principal): void {
  if (principal.organizationType !== 'CENTRAL' || !can(principal, 'manage', 'Organization'))
    throw forbidden(ISSUER_ONLY_DETAIL, 'RESTRICTED_TO_CENTRAL_BANK');
}

/** The whole matrix for one principal, as GET /users/me/abilities returns it. */
export function abilitiesOf(principal: Who): Record<Subject, Action[]> {
  return Object.fromEntries(SUBJECTS.map((subject) => [subject, actionsOf(principal, subject)])) as Record<Subject, Action[]>;
}
