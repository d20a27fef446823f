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
  payLoanQuerySchema,
  payLoanResponseSchema,
} from '@zaymo/contract';
import { AppError } from '../errors';
import { requestBaseUrl } from '../http/public-url';
import type { RoutePlugin } from '../http/route-plugin';
import { paymentStatus, requireGateway } from '../services/cards';
import { lookupLoan, loanOfPayToken } from '../services/servicing/loanpay';
import { methodOf, payLoan } from '../services/servicing/repayment';

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
      }),
    }),
  );

  app.get(
    '/loanpay/payment/:contract',
    {
      schema: {
        summary: 'Оплатить заём без входа: платёжная страница (токен оплаты в X-Pay-Token)',
        description:
          'Запрос как у GET /pay/payment/{contract}; type full или part, без card_id и без ' +
          'пролонгации. Ответ status=redirect и url платёжной страницы; с payment_system_id=2 — ' +
          'status=sbp: QR-код и ссылка СБП, итог — GET /loanpay/callbackPayment?id=order_id.',
        tags: TAGS,
        params: payLoanParamsSchema,
        querystring: payLoanQuerySchema,
        headers: loanpayHeadersSchema,
        response: { 200: payLoanResponseSchema, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request) => {
      const { query } = request;
      if (
        query.card_id !== undefined ||
        query.prolongation !== undefined ||
        query.type === 'prolongation'
      ) {
        throw new AppError(
          'BAD_REQUEST',
          'Без входа в кабинет можно только оплатить заём на странице банка',
        );
      }
      const loan = await loanOfPayToken(ctx, request.headers[LOANPAY_TOKEN_HEADER]);
      const answer = await payLoan(ctx, requireGateway(gateway), request.log, {
        payer: { kind: 'loanpay', orderId: loan.orderId },
        contractNumber: request.params.contract,
        idempotencyKey: request.headers['idempotency-key'],
        type: query.type,
        method: methodOf(query),
        amount: query.amount,
        returnBaseUrl: requestBaseUrl(ctx.config, request),
      });
      return { data: answer };
    },
  );

  app.get(
    '/loanpay/callbackPayment',
    {
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
