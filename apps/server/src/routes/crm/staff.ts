import { moscowDate } from '@zaymo/contract';
import { currentStaff } from '../../http/auth';
import { readsFor } from '../../http/read-after-write';
import type { RoutePlugin } from '../../http/route-plugin';
import { sendFile } from '../../http/send-file';
import { auditStaffAction } from '../../http/staff-audit';
import { auditCsv, listAudit } from '../../services/staff/audit';
import { blockStaff, createStaff, listStaff, staffMemberOf } from '../../services/staff/accounts';
import { route } from '../../http/route';

/** The console's admin part: staff accounts and the audit log. */
export const crmAdminRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /crm/staff', async () => ({
    data: { staff: (await listStaff(ctx)).map(staffMemberOf) },
  }));

  route(app, 'POST /crm/staff', async (request) => {
    const { staff } = currentStaff(request);
    const row = await createStaff(ctx, request.body, staff.id);
    await auditStaffAction(ctx, request, {
      action: 'staff_created',
      details: { staff_id: String(row.id), login: row.login, role: row.role },
    });
    return { data: { staff: staffMemberOf(row) } };
  });

  route(app, 'POST /crm/staff/:id/block', async (request) => {
    const { staff } = currentStaff(request);
    const row = await blockStaff(ctx, request.params.id, staff.id);
    await auditStaffAction(ctx, request, {
      action: 'staff_blocked',
      details: { staff_id: String(row.id), login: row.login },
    });
    return { data: { staff: staffMemberOf(row) } };
  });

  route(app, 'GET /crm/audit', async (request) => {
    const { entries, nextCursor } = await readsFor(
      request,
      ctx,
    )((db) => listAudit({ ...ctx, db }, request.query));
    return { data: { entries, next_cursor: nextCursor } };
  });

  route(app, 'GET /crm/audit.csv', async (request, reply) => {
    const csv = await readsFor(request, ctx)((db) => auditCsv({ ...ctx, db }, request.query));
    return sendFile(reply, {
      bytes: Buffer.from(csv, 'utf8'),
      contentType: 'text/csv; charset=utf-8',
      // Named by the server's Moscow day (RFC 5987 filename*): the console saves it so.
      fileName: `журнал-${moscowDate(ctx.clock.now())}.csv`,
      disposition: 'attachment',
    });
  });
};
