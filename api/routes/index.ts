import type { RouteDefinition } from '../route';
import { activityLogRoutes } from './activity-log';
import { addressBookRoutes } from './address-book';
import { authRoutes } from './auth';
import { bridgingRoutes } from './bridging';
import { configRoutes } from './config';
import { controlPanelRoutes } from './control-panel';
import { dashboardRoutes } from './dashboard';
import { devOutboxRoutes } from './dev-outbox';
import { exportRoutes } from './exports';
import { healthRoutes } from './health';
import { instantPaymentOversightRoutes } from './instant-payments-oversight';
import { instantPaymentRoutes } from './instant-payments';
import { invitationRoutes } from './invitations';
import { multisigRoutes } from './multisigs';
import { operationRoutes } from './operations';
import { organizationRoutes } from './organizations';
import { proposalRoutes } from './proposals';
import { tokenRoutes } from './tokens';
import { userRoutes } from './users';
import { whitelistRoutes } from './whitelist';

/** Every route of the service, one module per resource. */
export const allRoutes = (): RouteDefinition[] => [
  ...healthRoutes,
  ...configRoutes,
  ...authRoutes,
  ...userRoutes,
  ...invitationRoutes,
  ...organizationRoutes,
  ...controlPanelRoutes,
  ...devOutboxRoutes,
  ...multisigRoutes,
  ...proposalRoutes,
  ...whitelistRoutes,
  ...tokenRoutes,
  ...addressBookRoutes,
  ...bridgingRoutes,
  ...activityLogRoutes,
  ...operationRoutes,
  ...dashboardRoutes,
  ...exportRoutes,
  ...instantPaymentRoutes,
  ...instantPaymentOversightRoutes,
];
