import {
  errorResponses,
  moratoriumResponseSchema,
  refusalShowcaseAllResponseSchema,
  refusalShowcaseQuerySchema,
  refusalShowcaseResponseSchema,
} from '@zaymo/contract';
import { currentSession } from '../http/auth';
import type { RoutePlugin } from '../http/route-plugin';
import { moratoriumStatus, partnerOffers, refusalShowcase } from '../services/loans/refusal';

const TAGS = ['Займы'];

export const refusalRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/clients/moratorium',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Можно ли оформить заём: мораторий после отказа',
        description:
          'status true — можно подавать заявку; false — идёт мораторий (настройка консоли, ' +
          'по умолчанию MORATORIUM_DAYS — 30 дней), ' +
          'end_date — первый день, когда заявку примут (YYYY-MM-DD).',
        tags: TAGS,
        response: { 200: moratoriumResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      data: { data: await moratoriumStatus(ctx, currentSession(request).clientId) },
    }),
  );

  app.get(
    '/clients/refusal-showcase',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Витрина партнёров после отказа: куда перенаправить клиента',
        description:
          'Ссылка есть только во время моратория. is_on_page_denied_loan=1 — страница отказа ' +
          '(переход через refusal_link_latency_in_seconds), 0 — другие страницы (переход сразу, ' +
          'только если window_to_open = in-same-window). Настройки — таблица refusal_showcase_rules.',
        tags: TAGS,
        querystring: refusalShowcaseQuerySchema,
        response: { 200: refusalShowcaseResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { clientId } = currentSession(request);
      const onDeniedPage = request.query.is_on_page_denied_loan === '1';
      return { data: { params: await refusalShowcase(ctx, clientId, onDeniedPage) } };
    },
  );

  app.get(
    '/clients/refusal-showcase-all',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Все предложения партнёров для клиента с отказом',
        tags: TAGS,
        response: { 200: refusalShowcaseAllResponseSchema, ...errorResponses(401) },
      },
    },
    async () => ({ data: { offers: await partnerOffers(ctx) } }),
  );
};
