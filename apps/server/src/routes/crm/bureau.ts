import { crmBureauOverviewResponseSchema, errorResponses } from '@zaymo/contract';
import type { RoutePlugin } from '../../http/route-plugin';
import { bureauOverview } from '../../services/credit-history/console';

/** The «БКИ» screen: the credit history reported to the bureau (risk staff and admins). */
export const crmBureauRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  app.get(
    '/crm/bureau',
    {
      config: { auth: 'staff', role: 'risk' },
      schema: {
        summary: 'Консоль: кредитная история в бюро — отправлено, принято, ошибки, сроки',
        description:
          'События кредитной истории (218-ФЗ, ст. 5): неподтверждённые бюро, с ошибкой, ' +
          'просроченные и те, чей срок (в рабочих днях по производственному календарю) — ' +
          'сегодня или в следующий рабочий день; последние 100 событий.',
        tags: ['crm'],
        response: { 200: crmBureauOverviewResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await bureauOverview(ctx, composition.bureau?.name ?? null) }),
  );
};
