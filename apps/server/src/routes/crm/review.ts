import {
  crmReviewDecisionRequestSchema,
  crmReviewDecisionResponseSchema,
  crmReviewOrderParamsSchema,
  crmReviewQueueResponseSchema,
  errorResponses,
  ORDER_STATUS,
} from '@zaymo/contract';
import { currentStaff } from '../../http/auth';
import type { RoutePlugin } from '../../http/route-plugin';
import { auditStaffAction } from '../../http/staff-audit';
import { decideReview, reviewQueue } from '../../services/scoring/review';

/** The console's calls: their own tag in the OpenAPI document. */
const CRM_TAGS = ['crm'];

/** The manual-review queue: risk staff and admins. */
export const crmReviewRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  app.get(
    '/crm/review',
    {
      config: { auth: 'staff', role: 'risk' },
      schema: {
        summary: 'Консоль: заявки на ручной проверке, сначала самые старые',
        tags: CRM_TAGS,
        response: { 200: crmReviewQueueResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: { orders: await reviewQueue(ctx) } }),
  );

  app.post(
    '/crm/review/:orderId/decision',
    {
      config: { auth: 'staff', role: 'risk' },
      schema: {
        summary: 'Консоль: одобрить или отказать по заявке на ручной проверке',
        description:
          'Одобрение — как автоматическое (номер договора, предложение), отказ — с мораторием. ' +
          'Решение принимается один раз (второе — 409), пишется в журнал с причиной; ' +
          'клиенту уходит SMS. Одобрить нельзя (409) при самозапрете и ограничениях 545-ФЗ, ' +
          'а заявку, ждавшую бюро, — пока бюро не ответит.',
        tags: CRM_TAGS,
        params: crmReviewOrderParamsSchema,
        body: crmReviewDecisionRequestSchema,
        response: {
          200: crmReviewDecisionResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
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
    },
  );
};
