import { currentStaff } from '../../http/auth';
import type { RoutePlugin } from '../../http/route-plugin';
import { auditStaffAction } from '../../http/staff-audit';
import { route } from '../../http/route';
import { AppError } from '../../errors';
import {
  addPromise,
  addProtection,
  assignCollector,
  collectionLoan,
  collectors,
  logContact,
} from '../../services/collections/contacts';
import { overdueQueue } from '../../services/collections/queue';

/** «Просрочка»: the overdue queue and the contact log under 230-FZ (collectors and up). */
export const crmCollectionsRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /crm/collections', async (request) => {
    const { staff } = currentStaff(request);
    const page = await overdueQueue(ctx, staff.id, request.query);
    return { data: { loans: page.loans, next_cursor: page.nextCursor, today: page.today } };
  });

  route(app, 'GET /crm/collections/collectors', async () => ({
    data: { collectors: await collectors(ctx) },
  }));

  route(app, 'GET /crm/collections/:orderId', async (request) => ({
    data: await collectionLoan(ctx, request.params.orderId),
  }));

  route(app, 'POST /crm/collections/:orderId/assign', async (request) => {
    const { staff } = currentStaff(request);
    const { loan, clientId } = await assignCollector(
      ctx,
      request.params.orderId,
      request.body.staff_id,
      staff.id,
    );
    await auditStaffAction(ctx, request, {
      action: 'collector_assigned',
      clientId,
      details: { order_id: String(loan.order_id), collector: loan.collector?.name ?? '—' },
    });
    return { data: { loan } };
  });

  route(app, 'POST /crm/collections/:orderId/contacts', async (request) => {
    const { staff } = currentStaff(request);
    const { channel, note } = request.body;
    const orderId = request.params.orderId;
    const outcome = await logContact(ctx, orderId, staff.id, { channel, note });
    if ('refused' in outcome) {
      await auditStaffAction(ctx, request, {
        action: 'contact_refused',
        clientId: outcome.clientId,
        details: { order_id: String(orderId), channel, code: outcome.refused.code },
      });
      throw new AppError(outcome.refused.code, outcome.refused.params);
    }
    await auditStaffAction(ctx, request, {
      action: 'contact_logged',
      clientId: outcome.clientId,
      details: { order_id: String(orderId), channel },
    });
    return { data: { contact: outcome.contact } };
  });

  route(app, 'POST /crm/collections/:orderId/promises', async (request) => {
    const { staff } = currentStaff(request);
    const orderId = request.params.orderId;
    const { promise, clientId } = await addPromise(ctx, orderId, staff.id, request.body);
    await auditStaffAction(ctx, request, {
      action: 'promise_added',
      clientId,
      details: { order_id: String(orderId), amount: promise.amount, due_on: promise.due_on },
    });
    return { data: { promise } };
  });

  route(app, 'POST /crm/collections/:orderId/protections', async (request) => {
    const { staff } = currentStaff(request);
    const { protection, clientId } = await addProtection(
      ctx,
      request.params.orderId,
      staff.id,
      request.body,
    );
    await auditStaffAction(ctx, request, {
      action: 'protection_added',
      clientId,
      details: {
        order_id: String(request.params.orderId),
        kind: protection.kind,
        from: protection.from,
        until: protection.until ?? '—',
      },
    });
    return { data: { protection } };
  });
};
