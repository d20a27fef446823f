import {
  autopayCardRequestSchema,
  cardIdParamsSchema,
  cardsChangedResponseSchema,
  cardsResponseSchema,
  errorResponses,
} from '@zaymo/contract';
import { currentSession } from '../http/auth';
import type { RoutePlugin } from '../http/route-plugin';
import { reportForeignCard } from '../http/foreign-access';
import { activateCard, deleteCard, listCards, setAutopay } from '../services/cards';

const TAGS = ['Карты'];

export const cardsRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/clients/cards',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Привязанные карты клиента',
        tags: TAGS,
        response: { 200: cardsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await listCards(ctx.db, currentSession(request).clientId) }),
  );

  app.post(
    '/clients/activate_card/:cardId',
    {
      config: { auth: 'client-not-operator', operatorRefusal: 'cards' },
      schema: {
        summary: 'Сделать карту основной (для выплат и списаний)',
        tags: TAGS,
        params: cardIdParamsSchema,
        response: { 200: cardsChangedResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { clientId } = currentSession(request);
      const onForeign = reportForeignCard(request);
      return { data: await activateCard(ctx, clientId, request.params.cardId, onForeign) };
    },
  );

  app.post(
    '/clients/autopay_card/:cardId',
    {
      config: { auth: 'client-not-operator', operatorRefusal: 'cards' },
      schema: {
        summary: 'Включить или выключить автоплатёж по карте',
        description: 'Включает и выключает автоплатёж только сам клиент; оператору — 403.',
        tags: TAGS,
        params: cardIdParamsSchema,
        body: autopayCardRequestSchema,
        response: { 200: cardsChangedResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const session = currentSession(request);
      const { cardId } = request.params;
      const onForeign = reportForeignCard(request);
      const cards = await setAutopay(
        ctx,
        session.clientId,
        cardId,
        request.body.enabled,
        onForeign,
      );
      return { data: cards };
    },
  );

  app.delete(
    '/clients/cards/:cardId',
    {
      config: { auth: 'client-not-operator', operatorRefusal: 'cards' },
      schema: {
        summary: 'Удалить карту',
        tags: TAGS,
        params: cardIdParamsSchema,
        response: { 200: cardsChangedResponseSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const { clientId } = currentSession(request);
      const onForeign = reportForeignCard(request);
      return { data: await deleteCard(ctx, clientId, request.params.cardId, onForeign) };
    },
  );
};
