import {
  errorResponses,
  historyResponseSchema,
  idempotencyKeyHeadersSchema,
  orderIdParamsSchema,
  payLoanParamsSchema,
  payLoanRequestSchema,
  payLoanResponseSchema,
  prolongationAgreementQuerySchema,
  prolongationOptionsResponseSchema,
} from '@zaymo/contract';
import { z } from 'zod';
import { currentSession } from '../http/auth';
import { requestBaseUrl } from '../http/public-url';
import { readsFor } from '../http/read-after-write';
import { requestMeta } from '../http/request-meta';
import type { RoutePlugin } from '../http/route-plugin';
import { pdfFile, sendFile } from '../http/send-file';
import { requireGateway } from '../services/payments';
import { clientHistory } from '../services/servicing/history';
import { prolongationAgreementPdf, prolongationOptions } from '../services/servicing/prolongation';
import { AGREEMENT_KIND, payLoanAsClient } from '../services/servicing/client-payment';
import { reportForeignOrder } from '../http/foreign-access';

const TAGS = ['Обслуживание займа'];

const pdfSchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary' });

export const servicingRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  const { gateway } = composition;

  app.post(
    '/pay/payment/:contract',
    {
      config: { auth: 'client-not-operator' },
      schema: {
        summary: 'Оплатить заём: картой по токену (card_id) или на платёжной странице',
        description:
          'Заголовок Idempotency-Key обязателен: повтор с тем же ключом не списывает деньги ' +
          'второй раз. type=full — весь долг на сегодня, part — amount (от 1 ₽ до долга), ' +
          'prolongation=дни + asp_code (код SMS, purpose sign; только в теле запроса) + ' +
          'document_agreements=prolongation_agreement — пролонгация по цене начисленных процентов. ' +
          'Без card_id ответ status=redirect и url платёжной страницы; итог — GET /pay/callbackPayment. ' +
          'payment_system_id=2 — оплата по СБП: status=sbp, QR-код (SVG) и ссылка для приложения ' +
          'банка; статус спрашивают GET /pay/callbackPayment?id=sbp.order_id до окончательного.',
        tags: TAGS,
        params: payLoanParamsSchema,
        body: payLoanRequestSchema,
        headers: idempotencyKeyHeadersSchema,
        response: {
          200: payLoanResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429, 503),
        },
      },
    },
    async (request) => {
      const answer = await payLoanAsClient(
        ctx,
        requireGateway(gateway),
        currentSession(request),
        {
          contract: request.params.contract,
          request: request.body,
          idempotencyKey: request.headers['idempotency-key'],
          returnBaseUrl: requestBaseUrl(ctx.config, request),
          onForeign: reportForeignOrder(request),
        },
        requestMeta(request),
      );
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
      return sendFile(reply, pdfFile(AGREEMENT_KIND, pdf));
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
    async (request) => {
      const { clientId } = currentSession(request);
      return { data: await clientHistory(ctx, clientId, readsFor(request, ctx)) };
    },
  );
};
