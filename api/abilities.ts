/**
 * The one shared rule set (spec "Authentication" 6): role × organization type. Every route guard and
 * GET /users/me/abilities read it; ownership (own organization, own account membership) is checked
 * by the route or query with the resource in hand.
 */
export const ROLES = ['administrator', 'member', 'auditor'] as const;
export type Role = (typeof ROLES)[number];
export const ORGANIZATION_TYPES = ['CENTRAL', 'COMMERCIAL'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];
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

export interface Principal {
  userId: string;
  organizationId: string;
  organizationType: OrganizationType;
  role: Role;
}

type Grants = Partial<Record<Subject, readonly Action[]>>;

const READ_ALL: Grants = Object.fromEntries(SUBJECTS.map((subject) => [subject, ['read']]));

/** `manage` implies `create` and `read`, as in CASL. */
const RULES: Record<OrganizationType, Record<Role, Grants>> = {
  CENTRAL: {
    administrator: {
      User: ['manage'],
      Invitation: ['manage'],
      Organization: ['manage'],
      Bridging: ['manage'],
      Multisig: ['manage'],
      Proposal: ['create'],
      Vote: ['create'],
      WhitelistAddress: ['manage'],
      Operation: ['read'],
      Token: ['manage'],
      AddressBook: ['manage'],
      Dashboard: ['read'],
      Export: ['read'],
      InstantPaymentOversight: ['manage'],
    },
    member: {
      User: ['read'],
      Multisig: ['read'],
      Proposal: ['create'],
      Vote: ['create'],
      Operation: ['read'],
      Token: ['read'],
      AddressBook: ['manage'],
      Dashboard: ['read'],
      Export: ['read'],
    },
    auditor: { ...without(READ_ALL, 'InstantPayment', 'Bridging') },
  },
  COMMERCIAL: {
    administrator: {
      User: ['manage'],
      Invitation: ['manage'],
      Organization: ['manage'],
      Multisig: ['manage'],
      Proposal: ['create'],
      Vote: ['create'],
      WhitelistAddress: ['manage'],
      Operation: ['read'],
      Token: ['read'],
      AddressBook: ['manage'],
      Dashboard: ['read'],
      Export: ['read'],
      InstantPayment: ['manage'],
    },
    member: {
      User: ['read'],
      Multisig: ['read'],
      Proposal: ['create'],
      Vote: ['create'],
      Operation: ['read'],
      Token: ['read'],
      AddressBook: ['manage'],
      Dashboard: ['read'],
      Export: ['read'],
      InstantPayment: ['create'],
    },
    auditor: { ...without(READ_ALL, 'InstantPaymentOversight', 'Bridging') },
  },
};

function without(grants: Grants, ...subjects: Subject[]): Grants {
  return Object.fromEntries(Object.entries(grants).filter(([subject]) => !subjects.includes(subject as Subject)));
}

const IMPLIED: Record<Action, readonly Action[]> = { read: ['read'], create: ['create', 'read'], manage: ACTIONS };

export function actionsOf(principal: Pick<Principal, 'role' | 'organizationType'>, subject: Subject): Action[] {
  const granted = RULES[principal.organizationType][principal.role][subject] ?? [];
  return ACTIONS.filter((action) => granted.some((grant) => IMPLIED[grant].includes(action)));
}

export function can(principal: Pick<Principal, 'role' | 'organizationType'>, action: Action, subject: Subject): boolean {
  return actionsOf(principal, subject).includes(action);
}

/** The whole matrix for one principal, as GET /users/me/abilities returns it. */
export function abilitiesOf(principal: Pick<Principal, 'role' | 'organizationType'>): Record<Subject, Action[]> {
  return Object.fromEntries(SUBJECTS.map((subject) => [subject, actionsOf(principal, subject)])) as Record<
    Subject,
    Action[]
  >;
}
