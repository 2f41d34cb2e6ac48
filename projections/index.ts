import { accountsProjection } from './accounts';
import { activityLogProjection } from './activity-log';
import { addressBookProjection } from './address-book';
import { adminOperationsProjection } from './admin-operations';
import { balancesProjection } from './balances';
import { bridgingProjection } from './bridging';
import { instantPaymentsProjection } from './instant-payments';
import { invitationsProjection } from './invitations';
import { organizationsProjection } from './organizations';
import type { Projection } from './projection';
import { sessionsProjection } from './sessions';
import { proposalsProjection } from './proposals';
import { tokensProjection } from './tokens';
import { usersProjection } from './users';
import { whitelistProjection } from './whitelist';

/** Every read model, in the order the runner feeds them. */
export const allProjections = (): Projection[] => [
  organizationsProjection,
  usersProjection,
  sessionsProjection,
  invitationsProjection,
  adminOperationsProjection,
  accountsProjection,
  proposalsProjection,
  tokensProjection,
  whitelistProjection,
  addressBookProjection,
  bridgingProjection,
  activityLogProjection,
  balancesProjection,
  instantPaymentsProjection,
];
