import { devPingResponseSchema } from '@zaymo/contract';
import type { RoutePlugin } from '../http/route-plugin';

/** Sandbox helpers under /api/dev, for testers and the /dev/test page. */
export const devRoutes: RoutePlugin = async (app) => {
  app.get(
    '/ping',
    {
      schema: {
        summary: 'Проверка режима песочницы',
        tags: ['Песочница'],
        response: { 200: devPingResponseSchema },
      },
    },
    () => ({ sandbox: true as const }),
  );
};
