import {
  devOperatorLinkRequestSchema,
  devOperatorLinkResponseSchema,
  devPingResponseSchema,
  devUnsettledMoneyResponseSchema,
  errorResponses,
} from '@zaymo/contract';
import { AppError } from '../errors';
import { CrmLinkError, issueOperatorLink } from '../services/crm-links';
import { requestBaseUrl } from '../http/public-url';
import type { RoutePlugin } from '../http/route-plugin';
import { countUnsettledMoney } from '../services/servicing/reconciliation';

/** Sandbox helpers under /api/dev, for testers and the /dev/test page. */
export const devRoutes: RoutePlugin = async (app, { ctx }) => {
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

  app.post(
    '/operator-link',
    {
      schema: {
        summary: 'Ссылка оператора CRM для клиента (как npm run crm:link)',
        tags: ['Песочница'],
        body: devOperatorLinkRequestSchema,
        response: { 200: devOperatorLinkResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      try {
        const link = await issueOperatorLink(ctx, {
          phone: request.body.phone,
          operatorName: request.body.operator,
          baseUrl: requestBaseUrl(ctx.config, request),
        });
        return { data: { url: link.url, expires_at: link.expiresAt.toISOString() } };
      } catch (error) {
        if (error instanceof CrmLinkError) throw new AppError('VALIDATION', error.message);
        throw error;
      }
    },
  );

  app.get(
    '/unsettled-money',
    {
      schema: {
        summary: 'Сколько выплат, платежей и возвратов ещё не завершено',
        tags: ['Песочница'],
        response: { 200: devUnsettledMoneyResponseSchema },
      },
    },
    async () => ({ data: { unsettled: await countUnsettledMoney(ctx) } }),
  );
};
