import {
  DOCUMENT_KIND_CODES,
  passwordSettingsResponseSchema,
  registrationSettingsResponseSchema,
  type DocumentKind,
} from '@zaymo/contract';
import { AppError } from '../errors';
import { sendCachedAnswer } from '../http/public-answer';
import type { RoutePlugin } from '../http/route-plugin';
import { pdfFile, sendFile } from '../http/send-file';
import { publicDocument } from '../services/documents/files';
import { publicDataCache } from '../services/public-data';
import { PUBLIC_DOCUMENTS, presentConsents } from '../services/accounts/consents';
import { PASSWORD_SETTINGS } from '../services/accounts/passwords';
import { route } from '../http/route';

export const registrationRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /registration/settings', async (request, reply) => {
    const answer = await publicDataCache(ctx).answer(
      'registration/settings',
      registrationSettingsResponseSchema,
      () => ({ data: { consents: presentConsents() } }),
    );
    return sendCachedAnswer(request, reply, answer);
  });

  route(app, 'GET /dashboard/passwordSettings', async (request, reply) => {
    const answer = await publicDataCache(ctx).answer(
      'password-settings',
      passwordSettingsResponseSchema,
      () => ({ data: PASSWORD_SETTINGS }),
    );
    return sendCachedAnswer(request, reply, answer);
  });

  route(app, 'GET /documents/public/:kind', async (request, reply) => {
    const kind = publicKind(request.params.kind);
    const pdf = await publicDocument(ctx.config.company, kind);
    return sendFile(reply, { ...pdfFile(kind, pdf), cache: 'public' });
  });
};

function publicKind(value: string): DocumentKind {
  const kind = DOCUMENT_KIND_CODES.find((code) => code === value);
  if (!kind || !PUBLIC_DOCUMENTS.has(kind)) throw new AppError('PUBLIC_DOCUMENT_NOT_FOUND');
  return kind;
}
