import {
  calculatorChoiceQuerySchema,
  contractDocumentsQuerySchema,
  documentFileParamsSchema,
  documentFileQuerySchema,
  documentsListResponseSchema,
  errorResponses,
} from '@zaymo/contract';
import { z } from 'zod';
import { currentSession } from '../http/auth';
import type { RoutePlugin } from '../http/route-plugin';
import { pdfFile, sendFile } from '../http/send-file';
import { isOpenDocumentPath, isRegistrationKind } from '../services/documents/catalogue';
import {
  clientDocument,
  contractDocuments,
  preorderDocuments,
  publicDocument,
  registerDocuments,
} from '../services/documents/files';
import { reportForeignOrder } from '../http/foreign-access';

const TAGS = ['Документы'];

/** A PDF body: sent as bytes, never serialized; described as binary in the OpenAPI document. */
const pdfSchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary' });

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
      config: {
        auth: 'client',
        publicWhen: (request) => isOpenDocumentPath((request.params as { kind?: unknown }).kind),
      },
      schema: {
        summary: 'Документ в PDF',
        description:
          'Документы регистрации открыты всем. Остальные — только владельцу (Bearer): ' +
          'с order_id — документ заявки (подписанный содержит запись о подписи), без него — ' +
          'заявление и согласие БКИ по выбору в калькуляторе; prolongation_agreement с order_id и ' +
          'payment_id — подписанное дополнительное соглашение; loan_statement с order_id и month ' +
          '(ГГГГ-ММ) — выписка по займу за месяц. Чужая заявка — 404.',
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
        const bytes = await publicDocument(ctx.config.company, kind);
        return sendFile(reply, { ...pdfFile(kind, bytes), cache: 'public' });
      }
      const session = currentSession(request);
      const { order_id: orderId, payment_id: paymentId, month, ...choice } = request.query;
      const pdf = await clientDocument(ctx, {
        clientId: session.clientId,
        kind,
        orderId,
        paymentId,
        month,
        choice,
        onForeign: reportForeignOrder(request),
      });
      return sendFile(reply, pdfFile(kind, pdf));
    },
  );
};
