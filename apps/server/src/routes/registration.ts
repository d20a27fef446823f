import {
  DOCUMENT_KIND_CODES,
  errorResponses,
  passwordSettingsResponseSchema,
  registrationSettingsResponseSchema,
  type DocumentKind,
} from '@zaymo/contract';
import { z } from 'zod';
import { AppError } from '../errors';
import { sendCachedAnswer } from '../http/public-answer';
import type { RoutePlugin } from '../http/route-plugin';
import { pdfFile, sendFile } from '../http/send-file';
import { publicDocument } from '../services/documents/files';
import { publicDataCache } from '../services/public-data';
import { PUBLIC_DOCUMENTS, presentConsents } from '../services/accounts/consents';
import { PASSWORD_SETTINGS } from '../services/accounts/passwords';

const publicDocumentParamsSchema = z.object({
  kind: z.string().max(64, 'Документ не найден'),
});

/** A PDF body: sent as bytes, never serialized; described as binary in the OpenAPI document. */
const pdfSchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary' });

export const registrationRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/registration/settings',
    {
      schema: {
        summary: 'Согласия, которые просит регистрация, со ссылками на документы',
        tags: ['Регистрация'],
        response: { 200: registrationSettingsResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await publicDataCache(ctx).answer(
        'registration/settings',
        registrationSettingsResponseSchema,
        () => ({ data: { consents: presentConsents() } }),
      );
      return sendCachedAnswer(request, reply, answer);
    },
  );

  app.get(
    '/dashboard/passwordSettings',
    {
      schema: {
        summary: 'Требования к паролю',
        tags: ['Регистрация'],
        response: { 200: passwordSettingsResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await publicDataCache(ctx).answer(
        'password-settings',
        passwordSettingsResponseSchema,
        () => ({ data: PASSWORD_SETTINGS }),
      );
      return sendCachedAnswer(request, reply, answer);
    },
  );

  app.get(
    '/documents/public/:kind',
    {
      schema: {
        summary: 'Документ для ознакомления до регистрации (PDF)',
        description: `Документы: ${[...PUBLIC_DOCUMENTS.keys()].join(', ')}.`,
        tags: ['Регистрация'],
        params: publicDocumentParamsSchema,
        produces: ['application/pdf'],
        response: { 200: pdfSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const kind = publicKind(request.params.kind);
      const pdf = await publicDocument(ctx.config.company, kind);
      return sendFile(reply, { ...pdfFile(kind, pdf), cache: 'public' });
    },
  );
};

function publicKind(value: string): DocumentKind {
  const kind = DOCUMENT_KIND_CODES.find((code) => code === value);
  if (!kind || !PUBLIC_DOCUMENTS.has(kind)) throw new AppError('NOT_FOUND', 'Документ не найден');
  return kind;
}
