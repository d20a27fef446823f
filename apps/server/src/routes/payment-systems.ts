import { errorResponses, paymentMethodsResponseSchema } from '@zaymo/contract';
import { sendCachedAnswer } from '../http/public-answer';
import type { RoutePlugin } from '../http/route-plugin';
import { publicDataCache } from '../services/public-data';
import { paymentMethods, type MethodDirection } from '../services/payments';

const SUMMARIES: Record<MethodDirection, string> = {
  payment: 'Способы оплаты: какие включены, какие не подключены',
  payout: 'Способы получения денег: какие включены, какие не подключены',
};

export const paymentSystemsRoutes: RoutePlugin = async (app, { ctx }) => {
  for (const direction of ['payment', 'payout'] as const) {
    app.get(
      `/payment_system/${direction}`,
      {
        config: { auth: 'client' },
        schema: {
          summary: SUMMARIES[direction],
          tags: ['Карты'],
          response: { 200: paymentMethodsResponseSchema, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const answer = await publicDataCache(ctx).answer(
          `payment_system/${direction}`,
          paymentMethodsResponseSchema,
          () => ({ data: paymentMethods(ctx.config, direction) }),
        );
        return sendCachedAnswer(request, reply, answer, 'private');
      },
    );
  }
};
