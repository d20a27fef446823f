import {
  crmMeResponseSchema,
  crmPasswordRequestSchema,
  crmPasswordResponseSchema,
  crmSessionResponseSchema,
  crmTotpRequestSchema,
  errorResponses,
  okResponseSchema,
} from '@zaymo/contract';
import { currentStaff } from '../../http/auth';
import { requestMeta } from '../../http/request-meta';
import type { RoutePlugin } from '../../http/route-plugin';
import { recordAudit } from '../../services/staff/audit';
import { revokeStaffSession } from '../../services/staff/sessions';
import { signInWithPassword, signInWithTotp } from '../../services/staff/sign-in';

/** The console's calls: their own tag in the OpenAPI document. */
const CRM_TAGS = ['crm'];

/** The console's sign-in: password, then the authenticator app's code. */
export const crmAuthRoutes: RoutePlugin = async (app, { ctx }) => {
  app.post(
    '/crm/auth/password',
    {
      schema: {
        summary: 'Консоль: вход сотрудника, шаг 1 — логин и пароль',
        description:
          'Верный пароль даёт билет на 5 минут для шага 2. При первом входе — enrollment: ' +
          'секрет и QR-код для приложения-аутентификатора. 5 неудач за 15 минут — STAFF_LOCKED.',
        tags: CRM_TAGS,
        body: crmPasswordRequestSchema,
        response: { 200: crmPasswordResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({
      data: await signInWithPassword(ctx, request.body, requestMeta(request)),
    }),
  );

  app.post(
    '/crm/auth/totp',
    {
      schema: {
        summary: 'Консоль: вход сотрудника, шаг 2 — код из приложения',
        description: 'Билет шага 1 и 6 цифр; ответ — токен сессии сотрудника (crm_…).',
        tags: CRM_TAGS,
        body: crmTotpRequestSchema,
        response: { 200: crmSessionResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({ data: await signInWithTotp(ctx, request.body, requestMeta(request)) }),
  );

  app.post(
    '/crm/auth/logout',
    {
      config: { auth: 'staff', role: 'operator' },
      schema: {
        summary: 'Консоль: выход',
        tags: CRM_TAGS,
        response: { 200: okResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const session = currentStaff(request);
      await revokeStaffSession(ctx, { sessionId: session.sessionId, staffId: session.staff.id });
      await recordAudit(
        ctx,
        { staff: session.staff, login: session.staff.login, meta: requestMeta(request) },
        { action: 'sign_out' },
      );
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/crm/me',
    {
      config: { auth: 'staff', role: 'operator' },
      schema: {
        summary: 'Консоль: кто вошёл',
        tags: CRM_TAGS,
        response: { 200: crmMeResponseSchema, ...errorResponses(401) },
      },
    },
    (request) => ({ data: { staff: currentStaff(request).staff } }),
  );
};
