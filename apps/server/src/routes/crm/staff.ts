import {
  createStaffRequestSchema,
  crmAuditQuerySchema,
  crmAuditResponseSchema,
  errorResponses,
  moscowDate,
  staffIdParamsSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
} from '@zaymo/contract';
import { currentStaff } from '../../http/auth';
import { readsFor } from '../../http/read-after-write';
import type { RoutePlugin } from '../../http/route-plugin';
import { sendFile } from '../../http/send-file';
import { auditStaffAction } from '../../http/staff-audit';
import { auditCsv, listAudit } from '../../services/staff/audit';
import { blockStaff, createStaff, listStaff, staffMemberOf } from '../../services/staff/accounts';

/** The console's calls: their own tag in the OpenAPI document. */
const CRM_TAGS = ['crm'];

/** The console's admin part: staff accounts and the audit log. */
export const crmAdminRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/crm/staff',
    {
      config: { auth: 'staff', role: 'admin' },
      schema: {
        summary: 'Консоль: сотрудники',
        tags: CRM_TAGS,
        response: { 200: staffListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: { staff: (await listStaff(ctx)).map(staffMemberOf) } }),
  );

  app.post(
    '/crm/staff',
    {
      config: { auth: 'staff', role: 'admin' },
      schema: {
        summary: 'Консоль: новый сотрудник',
        description:
          'Пароль — не короче 12 символов и не из распространённых; TOTP — при первом входе.',
        tags: CRM_TAGS,
        body: createStaffRequestSchema,
        response: { 200: staffMemberResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { staff } = currentStaff(request);
      const row = await createStaff(ctx, request.body, staff.id);
      await auditStaffAction(ctx, request, {
        action: 'staff_created',
        details: { staff_id: String(row.id), login: row.login, role: row.role },
      });
      return { data: { staff: staffMemberOf(row) } };
    },
  );

  app.post(
    '/crm/staff/:id/block',
    {
      config: { auth: 'staff', role: 'admin' },
      schema: {
        summary: 'Консоль: заблокировать сотрудника (его сессии закрываются)',
        tags: CRM_TAGS,
        params: staffIdParamsSchema,
        response: { 200: staffMemberResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { staff } = currentStaff(request);
      const row = await blockStaff(ctx, request.params.id, staff.id);
      await auditStaffAction(ctx, request, {
        action: 'staff_blocked',
        details: { staff_id: String(row.id), login: row.login },
      });
      return { data: { staff: staffMemberOf(row) } };
    },
  );

  app.get(
    '/crm/audit',
    {
      config: { auth: 'staff', role: 'admin' },
      schema: {
        summary: 'Консоль: журнал действий сотрудников',
        description: 'Новые сверху; next_cursor — для следующей страницы (cursor=…).',
        tags: CRM_TAGS,
        querystring: crmAuditQuerySchema,
        response: { 200: crmAuditResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { entries, nextCursor } = await readsFor(
        request,
        ctx,
      )((db) => listAudit({ ...ctx, db }, request.query));
      return { data: { entries, next_cursor: nextCursor } };
    },
  );

  app.get(
    '/crm/audit.csv',
    {
      config: { auth: 'staff', role: 'admin' },
      schema: {
        summary: 'Консоль: журнал в CSV (UTF-8 с BOM, «;»), те же фильтры',
        tags: CRM_TAGS,
        querystring: crmAuditQuerySchema,
        produces: ['text/csv'],
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const csv = await readsFor(request, ctx)((db) => auditCsv({ ...ctx, db }, request.query));
      return sendFile(reply, {
        bytes: Buffer.from(csv, 'utf8'),
        contentType: 'text/csv; charset=utf-8',
        // Named by the server's Moscow day (RFC 5987 filename*): the console saves it so.
        fileName: `журнал-${moscowDate(ctx.clock.now())}.csv`,
        disposition: 'attachment',
      });
    },
  );
};
