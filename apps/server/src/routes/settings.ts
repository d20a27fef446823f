import { errorResponses, settingsResponseSchema } from '@zaymo/contract';
import { sendCachedAnswer } from '../http/public-answer';
import type { RoutePlugin } from '../http/route-plugin';
import { settingsAnswer } from '../services/public-answers';

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
    async (request, reply) => sendCachedAnswer(request, reply, await settingsAnswer(ctx)),
  );
};
