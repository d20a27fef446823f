import { errorResponses, tariffsResponseSchema } from '@zaymo/contract';
import { sendCachedAnswer } from '../http/public-answer';
import type { RoutePlugin } from '../http/route-plugin';
import { tariffsAnswer } from '../services/public-answers';

const TAGS = ['Займы'];
const DESCRIPTION =
  'Границы и шаги суммы и срока, ставка в день; service.insurances — добровольные страховки ' +
  'с ценой (не выбраны по умолчанию). Хранятся в базе (таблицы tariffs, insurances).';

export const tariffsRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/tariff/default',
    {
      schema: {
        summary: 'Тариф первого займа для калькулятора',
        description: DESCRIPTION,
        tags: TAGS,
        response: { 200: tariffsResponseSchema, ...errorResponses(500) },
      },
    },
    async (request, reply) => sendCachedAnswer(request, reply, await tariffsAnswer(ctx, false)),
  );

  app.get(
    '/tariff/repeat',
    {
      schema: {
        summary: 'Тариф повторного займа (для клиентов, погасивших заём)',
        description: DESCRIPTION,
        tags: TAGS,
        response: { 200: tariffsResponseSchema, ...errorResponses(500) },
      },
    },
    async (request, reply) => sendCachedAnswer(request, reply, await tariffsAnswer(ctx, true)),
  );
};
