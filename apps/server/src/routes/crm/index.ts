import type { RoutePlugin } from '../../http/route-plugin';
import { crmAuthRoutes } from './auth';
import { crmClientsRoutes } from './clients';
import { crmAdminRoutes } from './staff';

/** The operator console's API (issue 16), /api/crm/*: tag `crm` in the OpenAPI document. */
export const CRM_ROUTES: readonly RoutePlugin[] = [crmAuthRoutes, crmClientsRoutes, crmAdminRoutes];
