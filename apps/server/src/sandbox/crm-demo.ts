import type { RoutePlugin } from '../http/route-plugin';
import { DEMO_ADMIN, seedDemoAdmin } from '../services/staff/demo';
import { totpCode, totpEpoch } from '../services/staff/totp';
import { route } from '../http/route';

/**
 * The operator console's demo admin (`config.sandboxDemoAdmin` only): seeded at start, its
 * credentials and the code its authenticator would show now at GET /api/dev/crm-demo, for
 * /dev/test and the browser tests.
 */
export const crmDemoRoutes: RoutePlugin = async (app, { ctx }) => {
  await seedDemoAdmin(ctx, app.log);

  route(app, 'GET /dev/crm-demo', async () => ({
    data: {
      login: DEMO_ADMIN.login,
      password: DEMO_ADMIN.password,
      totp_secret: DEMO_ADMIN.totpSecret,
      current_code: await totpCode(DEMO_ADMIN.totpSecret, totpEpoch(ctx.clock)),
    },
  }));
};
