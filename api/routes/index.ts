import type { RouteDefinition } from '../route';
import { configRoutes } from './config';
import { healthRoutes } from './health';

/** Every route of the service, one module per resource. */
export const allRoutes = (): RouteDefinition[] => [...healthRoutes, ...configRoutes];
