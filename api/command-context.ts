import type { CommandContext } from '../write-side/command-handler';
import type { RouteContext } from './route';

/** Who asked, from which organization, under which correlation id, and when: the metadata of every event a route causes. */
export const commandContext = (context: Pick<RouteContext<unknown, unknown, unknown>, 'principal' | 'correlationId'>): CommandContext => ({
  actorId: context.principal?.userId ?? null,
  organizationId: context.principal?.organizationId ?? null,
  correlationId: context.correlationId,
  now: new Date(),
});
