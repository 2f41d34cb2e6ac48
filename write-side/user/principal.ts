import type { OrganizationType } from '../organization/events';
import type { Role } from './events';

/**
 * Who is asking: a user, their organization and its type, and their role, as read from the users table
 * on each request. The abilities (spec "Authentication" 6) and every read side's visibility rules
 * judge by it.
 */
export interface Principal {
  userId: string;
  organizationId: string;
  organizationType: OrganizationType;
  role: Role;
}
