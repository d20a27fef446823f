import { randomBytes } from 'node:crypto';
import type { PhotoKind } from '@zaymo/contract';
import type { TestApp } from '../helpers/test-app';

/** Multipart bodies for app.inject(), written by hand so a test controls every byte. */

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

export function multipartBody(parts: readonly FormPart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----zaymo${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((part) => [Buffer.from(`--${boundary}\r\n`), ...partChunks(part)]);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function partChunks(part: FormPart): Buffer[] {
  if ('value' in part) {
    return [
      Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
    ];
  }
  const head =
    `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
    `Content-Type: ${part.contentType}\r\n\r\n`;
  return [Buffer.from(head), part.data, Buffer.from('\r\n')];
}

export function photoParts(kind: PhotoKind | string, data: Buffer, filename = 'photo.jpg') {
  return [
    { name: 'kind', value: kind },
    { name: 'file', filename, contentType: 'image/jpeg', data },
  ];
}

export function uploadPhoto(
  testApp: TestApp,
  headers: Record<string, string>,
  parts: readonly FormPart[],
) {
  const body = multipartBody(parts);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/files/validate',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}
