import {
  errorResponses,
  orderIdParamsSchema,
  orderResponseSchema,
  payoutMethodRequestSchema,
  sbpBanksResponseSchema,
  sbpPrecheckRequestSchema,
  sbpPrecheckResponseSchema,
} from '@zaymo/contract';
import { currentSession } from '../http/auth';
import type { RoutePlugin } from '../http/route-plugin';
import { choosePayoutMethod, precheckSbpPayout, sbpBanks } from '../services/loans/sbp-payout';
import { reportForeignOrder } from '../http/foreign-access';

const TAGS = ['СБП'];

/** The СБП payout by phone: the participant banks, the recipient check, the choice of method. */
export const sbpRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  const { gateway } = composition;

  app.get(
    '/sbp/banks',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Банки — участники СБП, куда можно получить заём по номеру телефона',
        tags: TAGS,
        response: { 200: sbpBanksResponseSchema, ...errorResponses(401, 503) },
      },
    },
    async (request) => ({ data: await sbpBanks(gateway, request.log) }),
  );

  app.post(
    '/orders/:orderId/sbp/precheck',
    {
      config: { auth: 'client-not-operator' },
      schema: {
        summary: 'Проверить получателя выплаты по СБП: имя владельца счёта в выбранном банке',
        description:
          'Шлюз регистрирует заказ выплаты и спрашивает банк, на кого оформлен счёт с номером ' +
          'телефона клиента (SBPCreditPrecheck). Деньги не двигаются. 422 — в этом банке нет ' +
          'счёта для СБП по этому номеру. Имя подтверждается через PUT …/payout_method.',
        tags: TAGS,
        params: orderIdParamsSchema,
        body: sbpPrecheckRequestSchema,
        response: {
          200: sbpPrecheckResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 503),
        },
      },
    },
    async (request) => ({
      data: await precheckSbpPayout(ctx, gateway, request.log, {
        clientId: currentSession(request).clientId,
        orderId: request.params.orderId,
        bankId: request.body.bank_id,
        onForeign: reportForeignOrder(request),
      }),
    }),
  );

  app.put(
    '/orders/:orderId/payout_method',
    {
      config: { auth: 'client-not-operator' },
      schema: {
        summary: 'Куда отправить заём: на активную карту или по СБП подтверждённому получателю',
        description:
          'method=sbp с precheck_id — клиент подтвердил имя получателя; выплата (POST …/payout) ' +
          'пойдёт по СБП. 409 — проверка уже использована или заём уже выдан.',
        tags: TAGS,
        params: orderIdParamsSchema,
        body: payoutMethodRequestSchema,
        response: { 200: orderResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: {
        order: await choosePayoutMethod(ctx, {
          clientId: currentSession(request).clientId,
          orderId: request.params.orderId,
          choice: request.body,
          onForeign: reportForeignOrder(request),
        }),
      },
    }),
  );
};
