import { ORDER_STATUS } from '@zaymo/contract';
import { currentStaff } from '../../http/auth';
import type { RoutePlugin } from '../../http/route-plugin';
import { auditStaffAction } from '../../http/staff-audit';
import { decideReview, reviewQueue } from '../../services/scoring/review';
import { route } from '../../http/route';

/** The manual-review queue: risk staff and admins. */
export const crmReviewRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  route(app, 'GET /crm/review', async () => ({ data: { orders: await reviewQueue(ctx) } }));

  route(app, 'POST /crm/review/:orderId/decision', async (request) => {
    const { staff } = currentStaff(request);
    const { decision, reason } = request.body;
    const order = await decideReview(
      ctx,
      composition.bureau,
      request.params.orderId,
      { decision, reason, staffId: staff.id },
      request.log,
    );
    const approved = order.statusId === ORDER_STATUS.APPROVED;
    await auditStaffAction(ctx, request, {
      action: approved ? 'order_approved' : 'order_refused',
      clientId: order.clientId,
      details: { order_id: String(order.id), reason },
    });
    return {
      data: {
        order_id: order.id,
        status: approved ? ('APPROVED' as const) : ('REFUSED' as const),
        status_id: order.statusId,
      },
    };
  });
};
