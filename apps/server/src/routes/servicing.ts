import {
  errorResponses,
  historyResponseSchema,
  idempotencyKeyHeadersSchema,
  orderIdParamsSchema,
  payLoanParamsSchema,
  payLoanQuerySchema,
  payLoanResponseSchema,
  prolongationAgreementQuerySchema,
  prolongationOptionsResponseSchema,
  type PayLoanQuery,
} from '@zaymo/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentSession } from '../http/auth';
import { AppError } from '../errors';
import { requestBaseUrl } from '../http/public-url';
import { requestMeta } from '../http/request-meta';
import type { RoutePlugin } from '../http/route-plugin';
import { requireGateway } from '../services/cards';
import { clientHistory } from '../services/servicing/history';
import {
  prolongationAgreementPdf,
  prolongationOptions,
  signProlongation,
} from '../services/servicing/prolongation';
import { methodOf, operationKeyOf, payableOrder, payLoan } from '../services/servicing/repayment';
import { operationByKey, type AgreementSignature } from '../services/servicing/claim';
import { reportForeignOrder } from '../http/foreign-order';

const TAGS = ['Обслуживание займа'];

const pdfSchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary' });

const AGREEMENT_KIND = 'prolongation_agreement';
const AGREEMENT_REQUIRED = 'Подтвердите согласие с дополнительным соглашением о пролонгации';
const CODE_REQUIRED = 'Введите код из SMS, чтобы подписать дополнительное соглашение';

function paymentType(query: PayLoanQuery): PayLoanQuery['type'] {
  return query.prolongation !== undefined ? 'prolongation' : query.type;
}

/** Checks what a prolongation needs and signs its agreement (АСП) before any money moves. */
async function prolongationSignature(
  ctx: Parameters<RoutePlugin>[1]['ctx'],
  request: FastifyRequest,
  input: { contract: string; query: PayLoanQuery; idempotencyKey: string },
): Promise<AgreementSignature | undefined> {
  const { query } = input;
  if (paymentType(query) !== 'prolongation') return undefined;
  const days = query.prolongation;
  if (days === undefined) {
    throw new AppError('VALIDATION', 'Выберите срок продления', {
      fields: { prolongation: 'Выберите срок продления' },
    });
  }
  const agreed = (query.document_agreements ?? '').split(',').includes(AGREEMENT_KIND);
  if (!agreed)
    throw new AppError('VALIDATION', AGREEMENT_REQUIRED, {
      fields: { document_agreements: AGREEMENT_REQUIRED },
    });
  if (!query.asp_code)
    throw new AppError('VALIDATION', CODE_REQUIRED, { fields: { asp_code: CODE_REQUIRED } });
  const session = currentSession(request);
  const payer = {
    kind: 'client' as const,
    clientId: session.clientId,
    onForeign: reportForeignOrder(request),
  };
  const order = await payableOrder(ctx, payer, input.contract);
  // A repeat of a signed and claimed prolongation: payLoan answers the first one, no new code.
  if (await operationByKey(ctx.db, operationKeyOf(order, input.idempotencyKey))) return undefined;
  return signProlongation(
    ctx,
    session,
    { order, days, code: query.asp_code, company: ctx.config.company },
    requestMeta(request),
  );
}

export const servicingRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  const { gateway } = composition;

  app.get(
    '/pay/payment/:contract',
    {
      config: { auth: 'client-not-operator' },
      schema: {
        summary: 'Оплатить заём: картой по токену (card_id) или на платёжной странице',
        description:
          'Заголовок Idempotency-Key обязателен: повтор с тем же ключом не списывает деньги ' +
          'второй раз. type=full — весь долг на сегодня, part — amount (от 1 ₽ до долга), ' +
          'prolongation=дни + asp_code (код SMS, purpose sign) + ' +
          'document_agreements=prolongation_agreement — пролонгация по цене начисленных процентов. ' +
          'Без card_id ответ status=redirect и url платёжной страницы; итог — GET /pay/callbackPayment. ' +
          'payment_system_id=2 — оплата по СБП: status=sbp, QR-код (SVG) и ссылка для приложения ' +
          'банка; статус спрашивают GET /pay/callbackPayment?id=sbp.order_id до окончательного.',
        tags: TAGS,
        params: payLoanParamsSchema,
        querystring: payLoanQuerySchema,
        headers: idempotencyKeyHeadersSchema,
        response: {
          200: payLoanResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429, 503),
        },
      },
    },
    async (request) => {
      const { clientId } = currentSession(request);
      const agreement = await prolongationSignature(ctx, request, {
        contract: request.params.contract,
        query: request.query,
        idempotencyKey: request.headers['idempotency-key'],
      });
      const answer = await payLoan(ctx, requireGateway(gateway), request.log, {
        payer: { kind: 'client', clientId, onForeign: reportForeignOrder(request) },
        contractNumber: request.params.contract,
        idempotencyKey: request.headers['idempotency-key'],
        type: paymentType(request.query),
        method: methodOf(request.query),
        cardId: request.query.card_id,
        amount: request.query.amount,
        prolongationDays: request.query.prolongation,
        returnBaseUrl: requestBaseUrl(ctx.config, request),
        agreement,
      });
      return { data: answer };
    },
  );

  app.get(
    '/loans/:orderId/prolongation',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Варианты пролонгации: срок, цена (начисленные проценты и пени), новая дата',
        tags: TAGS,
        params: orderIdParamsSchema,
        response: { 200: prolongationOptionsResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { clientId } = currentSession(request);
      const { orderId } = request.params;
      const options = await prolongationOptions(
        ctx,
        clientId,
        orderId,
        reportForeignOrder(request),
      );
      return { data: { options } };
    },
  );

  app.get(
    '/loans/:orderId/prolongation/agreement',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Дополнительное соглашение о пролонгации (PDF) на выбранный срок',
        tags: TAGS,
        params: orderIdParamsSchema,
        querystring: prolongationAgreementQuerySchema,
        response: { 200: pdfSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { clientId } = currentSession(request);
      const pdf = await prolongationAgreementPdf(ctx, {
        clientId,
        orderId: request.params.orderId,
        days: request.query.days,
        onForeign: reportForeignOrder(request),
      });
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${AGREEMENT_KIND}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    '/clients/history',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'История: все заявки со статусами и все платежи, новые первыми',
        tags: TAGS,
        response: { 200: historyResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await clientHistory(ctx, currentSession(request).clientId) }),
  );
};
