import { errorResponses, tariffsResponseSchema } from '@zaymo/contract';
import { sendCachedAnswer } from '../http/public-answer';
import type { RoutePlugin } from '../http/route-plugin';
import { publicDataCache } from '../services/public-data';
import { moscowDate } from '../services/identity/dates';
import { tariffsResponse } from '../services/loans/tariffs';

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
    async (request, reply) => {
      // «today» is part of the answer: one cached answer per Moscow day.
      const now = ctx.clock.now();
      const answer = await publicDataCache(ctx).answer(
        `tariff/default@${moscowDate(now)}`,
        tariffsResponseSchema,
        () => tariffsResponse(ctx.db, false, now),
      );
      return sendCachedAnswer(request, reply, answer);
    },
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
    async (request, reply) => {
      // «today» is part of the answer: one cached answer per Moscow day.
      const now = ctx.clock.now();
      const answer = await publicDataCache(ctx).answer(
        `tariff/repeat@${moscowDate(now)}`,
        tariffsResponseSchema,
        () => tariffsResponse(ctx.db, true, now),
      );
      return sendCachedAnswer(request, reply, answer);
    },
  );
};
