import { errorResponses, healthResponseSchema } from '@zaymo/contract';
import type { RoutePlugin } from '../http/route-plugin';
import { checkHealth } from '../services/health';

export const healthRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Состояние сервера и базы данных',
        tags: ['Служебное'],
        response: { 200: healthResponseSchema, ...errorResponses(503) },
      },
    },
    () => checkHealth(ctx),
  );
};
