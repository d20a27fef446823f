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
import {
  decideWaiver,
  proposeWaiver,
  waiverList,
  waiverTarget,
} from '../../services/collections/waivers';

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

  route(app, 'POST /crm/collections/:orderId/waivers', async (request) => {
    const { staff } = currentStaff(request);
    const orderId = request.params.orderId;
    const { waiver, clientId } = await proposeWaiver(ctx, orderId, staff.id, request.body);
    await auditStaffAction(ctx, request, {
      action: 'waiver_proposed',
      clientId,
      details: { waiver_id: String(waiver.id), order_id: String(orderId), kind: waiver.kind },
    });
    return { data: { waiver } };
  });

  route(app, 'GET /crm/waivers', async (request) => ({
    data: { waivers: await waiverList(ctx, request.query.state) },
  }));

  route(app, 'POST /crm/waivers/:id/decision', async (request) => {
    const { staff } = currentStaff(request);
    const target = await waiverTarget(ctx, request.params.id);
    const details = { waiver_id: String(target.id), order_id: String(target.orderId) };
    if (target.proposedBy === staff.id) {
      await auditStaffAction(ctx, request, {
        action: 'waiver_self_approval_refused',
        clientId: target.clientId,
        details,
      });
    }
    const waiver = await decideWaiver(ctx, target, staff.id, request.body);
    await auditStaffAction(ctx, request, {
      action: waiver.state === 'approved' ? 'waiver_approved' : 'waiver_refused',
      clientId: target.clientId,
      details: { ...details, written_off: waiver.written_off ?? '—' },
    });
    return { data: { waiver } };
  });
};
