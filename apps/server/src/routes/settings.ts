import { errorResponses, settingsResponseSchema } from '@zaymo/contract';
import type { RoutePlugin } from '../http/route-plugin';

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
    () => ({ data: { params: ctx.config.company } }),
  );
};
