import { errorResponses, tariffsResponseSchema, moscowDate } from '@zaymo/contract';
import { sendCachedAnswer } from '../http/public-answer';
import type { RoutePlugin } from '../http/route-plugin';
import { publicDataCache } from '../services/public-data';
import { tariffsResponse } from '../services/loans/tariffs';

const TAGS = ['Займы'];
const DESCRIPTION =
  'Границы и шаги суммы и срока, ставка в день; service.insurances — добровольные страховки ' +
  'с ценой (не выбраны по умолчанию). Хранятся в базе (таблицы tariffs, insurances).';

export const tariffsRoutes: RoutePlugin = async (app, { ctx }) => {
  /** «today» is part of the answer: one cached answer per kind and Moscow day. */
  const cachedTariffs = (isRepeat: boolean) => {
    const now = ctx.clock.now();
    return publicDataCache(ctx).answer(
      `tariff/${isRepeat ? 'repeat' : 'default'}@${moscowDate(now)}`,
      tariffsResponseSchema,
      () => tariffsResponse(ctx.db, isRepeat, now),
    );
  };

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
    async (request, reply) => sendCachedAnswer(request, reply, await cachedTariffs(false)),
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
    async (request, reply) => sendCachedAnswer(request, reply, await cachedTariffs(true)),
  );
};
