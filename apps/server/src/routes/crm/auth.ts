import { currentStaff } from '../../http/auth';
import { requestMeta } from '../../http/request-meta';
import type { RoutePlugin } from '../../http/route-plugin';
import { recordAudit } from '../../services/staff/audit';
import { revokeStaffSession } from '../../services/staff/sessions';
import { signInWithPassword, signInWithTotp } from '../../services/staff/sign-in';
import { route } from '../../http/route';

/** The console's sign-in: password, then the authenticator app's code. */
export const crmAuthRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'POST /crm/auth/password', async (request) => ({
    data: await signInWithPassword(ctx, request.body, requestMeta(request)),
  }));

  route(app, 'POST /crm/auth/totp', async (request) => ({
    data: await signInWithTotp(ctx, request.body, requestMeta(request)),
  }));

  route(app, 'POST /crm/auth/logout', async (request) => {
    const session = currentStaff(request);
    await revokeStaffSession(ctx, { sessionId: session.sessionId, staffId: session.staff.id });
    await recordAudit(
      ctx,
      { staff: session.staff, login: session.staff.login, meta: requestMeta(request) },
      { action: 'sign_out' },
    );
    return { data: { ok: true as const } };
  });

  route(app, 'GET /crm/me', (request) => ({ data: { staff: currentStaff(request).staff } }));
};
