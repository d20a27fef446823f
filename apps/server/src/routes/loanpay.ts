import {
  errorResponses,
  LOANPAY_TOKEN_HEADER,
  loanpayHeadersSchema,
  loanpayLookupRequestSchema,
  loanpayLookupResponseSchema,
  loanpayTokenHeadersSchema,
  payCallbackPaymentQuerySchema,
  payCallbackPaymentResponseSchema,
  payLoanParamsSchema,
  payLoanRequestSchema,
  payLoanResponseSchema,
} from '@zaymo/contract';
import { requestBaseUrl } from '../http/public-url';
import type { RoutePlugin } from '../http/route-plugin';
import { paymentStatus, requireGateway } from '../services/payments';
import { lookupLoan, loanOfPayToken } from '../services/servicing/loanpay';
import { payLoanAsGuest } from '../services/servicing/client-payment';

const TAGS = ['Оплата без входа'];

/** Pay without signing in (payLoanpay): find the loan, pay it on the gateway page, see the result. */
export const loanpayRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  const { gateway } = composition;

  app.post(
    '/loanpay/lookup',
    {
      schema: {
        summary: 'Найти заём по номеру договора и дате рождения: сумма к оплате и токен оплаты',
        description:
          'Не более 10 попыток за 15 минут с одного IP и 5 неудачных в день по одному номеру ' +
          'договора с любых адресов (429 до следующего дня по Москве; клиенту — SMS).',
        tags: TAGS,
        body: loanpayLookupRequestSchema,
        response: { 200: loanpayLookupResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => ({
      data: await lookupLoan(ctx, {
        contractNumber: request.body.contract_number,
        birthDate: request.body.birth_date,
        ip: request.ip,
        log: request.log,
      }),
    }),
  );

  app.post(
    '/loanpay/payment/:contract',
    {
      schema: {
        summary: 'Оплатить заём без входа: платёжная страница (токен оплаты в X-Pay-Token)',
        description:
          'Тело как у POST /pay/payment/{contract}; type full или part, без card_id и без ' +
          'пролонгации. Ответ status=redirect и url платёжной страницы; с payment_system_id=2 — ' +
          'status=sbp: QR-код и ссылка СБП, итог — GET /loanpay/callbackPayment?id=order_id.',
        tags: TAGS,
        params: payLoanParamsSchema,
        body: payLoanRequestSchema,
        headers: loanpayHeadersSchema,
        response: { 200: payLoanResponseSchema, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request) => {
      const answer = await payLoanAsGuest(ctx, requireGateway(gateway), request.log, {
        payToken: request.headers[LOANPAY_TOKEN_HEADER],
        contract: request.params.contract,
        request: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        returnBaseUrl: requestBaseUrl(ctx.config, request),
      });
      return { data: answer };
    },
  );

  app.get(
    '/loanpay/callbackPayment',
    {
      config: { writes: true },
      schema: {
        summary: 'Итог оплаты без входа (токен оплаты в X-Pay-Token)',
        tags: TAGS,
        querystring: payCallbackPaymentQuerySchema,
        headers: loanpayTokenHeadersSchema,
        response: { 200: payCallbackPaymentResponseSchema, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request) => {
      const loan = await loanOfPayToken(ctx, request.headers[LOANPAY_TOKEN_HEADER]);
      const answer = await paymentStatus(ctx, requireGateway(gateway), request.log, {
        clientId: loan.clientId,
        orderId: request.query.id,
      });
      return { data: answer };
    },
  );
};
