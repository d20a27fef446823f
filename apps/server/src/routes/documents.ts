import {
  calculatorChoiceQuerySchema,
  contractDocumentsQuerySchema,
  documentFileParamsSchema,
  documentFileQuerySchema,
  documentsListResponseSchema,
  errorResponses,
  type DocumentKind,
} from '@zaymo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { bearerToken, currentSession, type ClientSession } from '../http/auth';
import { AppError } from '../errors';
import type { RoutePlugin } from '../http/route-plugin';
import { securityEvent } from '../logging';
import { isRegistrationKind } from '../services/documents/catalogue';
import {
  clientDocument,
  contractDocuments,
  preorderDocuments,
  publicDocument,
  registerDocuments,
} from '../services/documents/files';
import { authenticateToken } from '../services/sessions';
import { reportForeignOrder } from '../http/foreign-order';

const TAGS = ['Документы'];

/** A PDF body: sent as bytes, never serialized; described as binary in the OpenAPI document. */
const pdfSchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary' });

/**
 * The file route is open for registration documents and needs the client's session for the
 * rest, so it authenticates itself instead of declaring `config.auth`.
 */
async function sessionFor(ctx: AppContext, request: FastifyRequest): Promise<ClientSession> {
  const token = bearerToken(request.headers.authorization);
  const session = token ? await authenticateToken(ctx, token) : null;
  if (!session) throw new AppError('UNAUTHORIZED');
  if (session.operatorName !== null) {
    securityEvent(request.log, 'operator_access', {
      operator: session.operatorName,
      clientId: session.clientId,
      method: request.method,
      route: request.routeOptions.url,
    });
  }
  request.session = session;
  return session;
}

function sendPdf(reply: FastifyReply, kind: DocumentKind, pdf: Buffer, isPublic: boolean) {
  return reply
    .type('application/pdf')
    .header('cache-control', isPublic ? 'public, max-age=3600' : 'private, no-store')
    .header('content-disposition', `inline; filename="${kind}.pdf"`)
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}

export const documentsRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/documents/register_documents',
    {
      schema: {
        summary: 'Документы регистрации (ссылки на PDF)',
        description: 'link — путь от /api: GET /api/{link} отдаёт PDF.',
        tags: TAGS,
        response: { 200: documentsListResponseSchema },
      },
    },
    () => ({ data: registerDocuments() }),
  );

  app.get(
    '/documents/preorder_documents',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Документы заявки: заявление и согласие на запрос в БКИ',
        description:
          'Выбор в калькуляторе (tariff_id, amount, period, insurance_ids) добавляется к ссылкам: ' +
          'заявление заполняется им до создания заявки.',
        tags: TAGS,
        querystring: calculatorChoiceQuerySchema,
        response: { 200: documentsListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => ({ data: preorderDocuments(request.query) }),
  );

  app.get(
    '/documents/contract_documents',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Документы договора одобренной заявки',
        description: 'Ссылки с order_id, отмечены checked. Чужая заявка — 404.',
        tags: TAGS,
        querystring: contractDocumentsQuerySchema,
        response: { 200: documentsListResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { clientId } = currentSession(request);
      const orderId = request.query.order_id;
      const onForeign = reportForeignOrder(request);
      return { data: await contractDocuments(ctx, clientId, orderId, onForeign) };
    },
  );

  app.get(
    '/documents/file/:kind',
    {
      schema: {
        summary: 'Документ в PDF',
        description:
          'Документы регистрации открыты всем. Остальные — только владельцу (Bearer): ' +
          'с order_id — документ заявки (подписанный содержит запись о подписи), без него — ' +
          'заявление и согласие БКИ по выбору в калькуляторе; prolongation_agreement с order_id и ' +
          'payment_id — подписанное дополнительное соглашение. Чужая заявка — 404.',
        tags: TAGS,
        params: documentFileParamsSchema,
        querystring: documentFileQuerySchema,
        produces: ['application/pdf'],
        response: { 200: pdfSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      if (isRegistrationKind(kind)) {
        return sendPdf(reply, kind, await publicDocument(ctx.config.company, kind), true);
      }
      const session = await sessionFor(ctx, request);
      const { order_id: orderId, payment_id: paymentId, ...choice } = request.query;
      const pdf = await clientDocument(ctx, {
        clientId: session.clientId,
        kind,
        orderId,
        paymentId,
        choice,
        onForeign: reportForeignOrder(request),
      });
      return sendPdf(reply, kind, pdf, false);
    },
  );
};
