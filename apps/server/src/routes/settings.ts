import { errorResponses, settingsResponseSchema } from '@zaymo/contract';
import { sendCachedAnswer } from '../http/public-answer';
import type { RoutePlugin } from '../http/route-plugin';
import { publicDataCache } from '../services/public-data';

export const settingsRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/settings/get',
    {
      schema: {
        summary: 'Реквизиты и контакты компании',
        tags: ['Настройки'],
        response: { 200: settingsResponseSchema, ...errorResponses(500) },
      },
    },
    async (request, reply) => {
      const answer = await publicDataCache(ctx).answer('settings', settingsResponseSchema, () => ({
        data: { params: ctx.config.company },
      }));
      return sendCachedAnswer(request, reply, answer);
    },
  );
};
