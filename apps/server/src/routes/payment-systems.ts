import { paymentMethodsResponseSchema } from '@zaymo/contract';
import { sendCachedAnswer } from '../http/public-answer';
import { route } from '../http/route';
import type { RoutePlugin } from '../http/route-plugin';
import { publicDataCache } from '../services/public-data';
import { paymentMethods } from '../services/payments';

export const paymentSystemsRoutes: RoutePlugin = async (app, { ctx }) => {
  for (const direction of ['payment', 'payout'] as const) {
    route(app, `GET /payment_system/${direction}`, async (request, reply) => {
      const answer = await publicDataCache(ctx).answer(
        `payment_system/${direction}`,
        paymentMethodsResponseSchema,
        () => ({ data: paymentMethods(ctx.config, direction) }),
      );
      return sendCachedAnswer(request, reply, answer, 'private');
    });
  }
};
