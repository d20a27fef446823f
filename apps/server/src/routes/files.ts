import fastifyMultipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@zaymo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentSession } from '../http/auth';
import { AppError } from '../errors';
import { malformedForm } from '../http/multipart';
import type { RoutePlugin } from '../http/route-plugin';
import { sendFile } from '../http/send-file';
import { clientFileDownload } from '../services/files/files';
import { photoPreviews, uploadIdentityPhoto, type PhotoUpload } from '../services/identity/photos';
import { route } from '../http/route';

/** Room for the multipart boundaries and the `kind` field around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const PHOTO_MEGABYTES = MAX_UPLOAD_BYTES / (1024 * 1024);

/** A declared body too large is refused before a byte of it is read. */
async function refuseOversizedBody(request: FastifyRequest): Promise<void> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw new AppError('PHOTO_TOO_LARGE', { megabytes: PHOTO_MEGABYTES });
  }
}

/** Reads the `kind` field and the `file` part, whatever their order; the file name is ignored. */
async function readPhotoUpload(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<PhotoUpload> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const upload: PhotoUpload = { kind: undefined, bytes: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') upload.bytes = bytes;
      } else if (part.fieldname === 'kind') {
        upload.kind = part.value;
      }
    }
  } catch (error) {
    throw uploadError(app, error);
  }
  return upload;
}

function uploadError(app: FastifyInstance, error: unknown): unknown {
  const errors = app.multipartErrors;
  if (error instanceof errors.RequestFileTooLargeError) {
    return new AppError('PHOTO_TOO_LARGE', { megabytes: PHOTO_MEGABYTES }, { cause: error });
  }
  if (error instanceof errors.FilesLimitError || error instanceof errors.PartsLimitError) {
    return new AppError('PHOTO_ONE_AT_A_TIME', { cause: error });
  }
  return malformedForm(error);
}

export const filesRoutes: RoutePlugin = async (app, { ctx }) => {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });

  route(
    app,
    'POST /files/validate',
    async (request) => {
      const { clientId } = currentSession(request);
      const file = await uploadIdentityPhoto(ctx, clientId, () => readPhotoUpload(app, request));
      return { data: { file } };
    },
    { onRequest: refuseOversizedBody },
  );

  route(app, 'GET /files/get/:id', async (request, reply) => {
    const { clientId } = currentSession(request);
    const photo = await clientFileDownload(ctx, clientId, request.params.id);
    return sendFile(reply, { ...photo, untrusted: true });
  });

  route(app, 'GET /files/base64', async (request) => ({
    data: await photoPreviews(ctx, currentSession(request).clientId),
  }));
};
