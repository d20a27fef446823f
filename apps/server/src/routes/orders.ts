import {
  createOrderRequestSchema,
  errorResponses,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyHeadersSchema,
  orderIdParamsSchema,
  orderResponseSchema,
  ordersResponseSchema,
  verifyOrderRequestSchema,
} from '@zaymo/contract';
import { currentSession } from '../http/auth';
import { reportForeignOrder } from '../http/foreign-access';
import { requestMeta } from '../http/request-meta';
import type { RoutePlugin } from '../http/route-plugin';
import { createOrder, listOrders, rejectOrder } from '../services/loans/orders';
import { payoutOrder } from '../services/loans/payout';
import { presentOne } from '../services/loans/present';
import { signOrder } from '../services/loans/signing';

const TAGS = ['Займы'];

export const ordersRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  const { gateway, loans: background } = composition;

  app.get(
    '/clients/orders',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Заявки и займы клиента (новые первыми)',
        description: 'Для выданных займов (GIVEN, EXPIRED) — balance: долг на сегодня.',
        tags: TAGS,
        response: { 200: ordersResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      data: { data: { data: await listOrders(ctx, currentSession(request).clientId) } },
    }),
  );

  app.post(
    '/orders/create',
    {
      config: { auth: 'client-not-operator' },
      schema: {
        summary: 'Заявка на заём из выбора в калькуляторе',
        description:
          'Нужны заполненная анкета (шаг 7) и активная карта; принятые документы ' +
          '(loan_application, bki_consent). 409 — есть непогашенный заём, заявка в работе или ' +
          'мораторий. Заявка создаётся в статусе NEW, скоринг идёт в фоне: ACCEPTED → ' +
          'APPROVED или REFUSED за несколько секунд (GET /clients/orders).',
        tags: TAGS,
        body: createOrderRequestSchema,
        response: { 200: orderResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { clientId } = currentSession(request);
      const order = await createOrder(ctx, clientId, request.body, requestMeta(request));
      background.scoreSoon(order.id);
      return { data: { order: await presentOne(ctx.db, order, ctx.clock.now()) } };
    },
  );

  app.post(
    '/orders/verify',
    {
      config: { auth: 'client-not-operator' },
      schema: {
        summary: 'Подписать договор кодом из SMS (АСП)',
        description:
          'Код — POST /sms/send с purpose sign. Одобренная заявка становится SIGNED; ' +
          'сохраняется запись о подписи: документы с редакциями и SHA-256, хеш кода, время, IP, ' +
          'телефон. Оператору — 403.',
        tags: TAGS,
        body: verifyOrderRequestSchema,
        response: { 200: orderResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const meta = { ...requestMeta(request), onForeign: reportForeignOrder(request) };
      const order = await signOrder(ctx, currentSession(request), request.body, meta);
      return { data: { order } };
    },
  );

  app.post(
    '/orders/:orderId/reject',
    {
      config: { auth: 'client-not-operator', operatorRefusal: 'decision' },
      schema: {
        summary: 'Отказаться от одобренного займа',
        description: 'APPROVED → REJECTED_BY_CLIENT; повторный запрос ничего не меняет.',
        tags: TAGS,
        params: orderIdParamsSchema,
        response: { 200: orderResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { clientId } = currentSession(request);
      const onForeign = reportForeignOrder(request);
      return {
        data: { order: await rejectOrder(ctx, clientId, request.params.orderId, onForeign) },
      };
    },
  );

  app.post(
    '/orders/:orderId/payout',
    {
      config: { auth: 'client-not-operator' },
      schema: {
        summary: 'Отправить деньги на карту по подписанному договору',
        description:
          'Заголовок Idempotency-Key: повтор с тем же ключом не двигает деньги. Одна выплата на ' +
          'заявку при любом числе одновременных запросов. Ответ — заявка: GIVEN (дата возврата, ' +
          'баланс) или FAIL_TO_GIVE с причиной (повторите с новым ключом). 409 — выплата уже идёт; ' +
          'или договор подписан в другой день (по Москве): заявка возвращается в APPROVED, ' +
          'документы формируются с сегодняшними датами и подписываются заново.',
        tags: TAGS,
        params: orderIdParamsSchema,
        headers: idempotencyKeyHeadersSchema,
        response: { 200: orderResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const order = await payoutOrder(ctx, gateway, request.log, {
        clientId: currentSession(request).clientId,
        orderId: request.params.orderId,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
        onForeign: reportForeignOrder(request),
      });
      return { data: { order } };
    },
  );
};
