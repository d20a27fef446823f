import { currentStaff } from '../../http/auth';
import type { RoutePlugin } from '../../http/route-plugin';
import { sendFile } from '../../http/send-file';
import { auditStaffAction } from '../../http/staff-audit';
import { route } from '../../http/route';
import {
  approvedHolidaysOfClient,
  decideHoliday,
  holidayQueue,
} from '../../services/credit-holidays/decisions';
import { holidayDocumentFile } from '../../services/credit-holidays/documents';

/** «Кредитные каникулы»: the risk specialist's queue and decisions, each audited. */
export const crmCreditHolidaysRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /crm/credit-holidays', async (request) => ({
    data: { requests: await holidayQueue(ctx, request.query.status) },
  }));

  route(app, 'POST /crm/credit-holidays/:id/decide', async (request) => {
    const { staff } = currentStaff(request);
    const decider = { staffId: staff.id, log: request.log };
    const holiday = await decideHoliday(ctx, request.params.id, decider, request.body);
    await auditStaffAction(ctx, request, {
      action: holiday.status === 'approved' ? 'credit_holiday_approved' : 'credit_holiday_refused',
      clientId: holiday.client_id,
      details: {
        request_id: String(holiday.id),
        order_id: String(holiday.order_id),
        reason: request.body.reason,
      },
    });
    return { data: { request: holiday } };
  });

  route(app, 'GET /crm/clients/:id/credit-holidays', async (request) => ({
    data: { requests: await approvedHolidaysOfClient(ctx, request.params.id) },
  }));

  route(app, 'GET /crm/credit-holidays/:id/documents/:fileId', async (request, reply) => {
    const { id, fileId } = request.params;
    const file = await holidayDocumentFile(ctx, id, fileId);
    return sendFile(reply, { ...file, untrusted: true });
  });
};
