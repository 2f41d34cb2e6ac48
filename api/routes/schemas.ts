import { INVITATION_STATUSES } from '../../write-side/invitation/events';
import { ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from '../../write-side/organization/events';
import { LOCALES, ROLES, USER_KINDS } from '../../write-side/user/events';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../write-side/user/password';
import { z } from '../openapi';

/** Wire shapes of the identity layer, shared by its routes. */
export const Email = z.email().max(254);
export const Role = z.enum(ROLES);

/**
 * A password being chosen. The schema only caps what we hash; the user decider judges the policy and
 * answers 400 WEAK_PASSWORD listing every broken rule. The document states the policy for clients.
 */
export const NewPassword = z
  .string()
  .min(1)
  .max(1024)
  .openapi({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    description: `Password policy: ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not the e-mail address (or its local part), not a common breached password, not one character repeated. A violation answers 400 WEAK_PASSWORD listing every broken rule.`,
  });
export const Locale = z.enum(LOCALES);

export const SessionUser = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: Role,
    organizationId: z.string(),
    organizationType: z.enum(ORGANIZATION_TYPES),
    locale: Locale,
  })
  .openapi('SessionUser');

export const User = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    role: Role,
    kind: z.enum(USER_KINDS),
    status: z.enum(['ACTIVE', 'DEACTIVATED']),
    organizationId: z.string(),
    address: z.string().openapi({ description: 'chain address of the custody signing key' }),
    publicKey: z.string().openapi({ description: 'compressed secp256k1 public key, base64' }),
    locale: Locale,
    pinnedMultisigIds: z.array(z.string()),
    createdAt: z.string(),
    deactivatedAt: z.string().nullable(),
  })
  .openapi('User');

export const Invitation = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    email: z.string(),
    role: Role,
    locale: Locale,
    status: z.enum(INVITATION_STATUSES),
    expiresAt: z.string(),
    invitedBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('Invitation');

export const OrganizationStatus = z.enum(ORGANIZATION_STATUSES);

export const Organization = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(ORGANIZATION_TYPES),
    status: OrganizationStatus,
    exchange: z
      .object({ address: z.string().nullable(), linked: z.boolean(), frozen: z.boolean() })
      .nullable()
      .openapi({ description: 'commercial organizations only' }),
    chainRpc: z.object({
      url: z.string().nullable(),
      effective: z.boolean().openapi({ description: 'whether the endpoint is in use (PER_ORG_RPC_ENABLED)' }),
    }),
    settlementAccount: z
      .object({ id: z.string(), address: z.string() })
      .nullable()
      .openapi({ description: 'commercial organizations, from activation on' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Organization');
