import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  filesBase64ResponseSchema,
  MAX_UPLOAD_BYTES,
  uploadFileResponseSchema,
  type ClientFile,
} from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal, refusal } from '../helpers/refusal';
import { clients } from '../../src/db/schema';
import {
  HTML_PAGE,
  jpegWithExif,
  pngHeaderClaiming,
  smallPng,
} from '../../src/services/files/test-images';
import { createClientWithSession, type ClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photoParts, uploadPhoto, type FormPart } from './files-upload';

describe('photos: upload, serving, previews', () => {
  let testApp: TestApp;
  let owner: ClientWithSession;
  let stranger: ClientWithSession;

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await createClientWithSession(testApp);
    stranger = await createClientWithSession(testApp);
    for (const { client } of [owner, stranger]) {
      await testApp.ctx.db.update(clients).set({ step: 5 }).where(eq(clients.id, client.id));
    }
  });
  afterAll(() => testApp.close());

  const upload = (parts: readonly FormPart[], who = owner) =>
    uploadPhoto(testApp, who.headers, parts);
  const get = (url: string, who = owner) =>
    testApp.app.inject({ method: 'GET', url, headers: who.headers });

  async function uploaded(parts: readonly FormPart[], who = owner): Promise<ClientFile> {
    const response = await upload(parts, who);
    expect(response.statusCode, response.body).toBe(200);
    return uploadFileResponseSchema.parse(response.json()).data.file;
  }

  it('refuses anonymous uploads before reading them', async () => {
    const response = await uploadPhoto(testApp, {}, photoParts('selfie', await smallPng()));
    expect(response.statusCode).toBe(401);
  });

  it('refuses photos before the client reaches step 5', async () => {
    const early = await createClientWithSession(testApp);
    const response = await upload(photoParts('selfie', await smallPng()), early);
    expectRefusal(response, 'IDENTITY_STEP_SKIPPED');
  });

  it('stores a JPEG upright and without EXIF, and serves it to its owner only', async () => {
    const file = await uploaded(photoParts('passport_main', await jpegWithExif(64, 48)));
    expect(file).toMatchObject({
      kind: 'passport_main',
      content_type: 'image/jpeg',
      width: 48,
      height: 64,
    });
    const response = await get(`/api/files/get/${file.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="passport_main-${file.id}.jpg"`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const served = response.rawPayload;
    expect(served.length).toBe(file.size);
    const metadata = await sharp(served).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([48, 64]);
    expect(served.includes('secret-owner')).toBe(false);

    const foreign = await get(`/api/files/get/${file.id}`, stranger);
    expect(refusal(foreign)).toEqual({ status: 404, body: { message: 'Файл не найден' } });
    expect((await get(`/api/files/get/${file.id + 100_000}`)).statusCode).toBe(404);
    expect((await get('/api/files/get/abc')).statusCode).toBe(400);
    const anonymous = await testApp.app.inject({ method: 'GET', url: `/api/files/get/${file.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an HTML page named .jpg and sent as image/jpeg', async () => {
    const response = await upload(photoParts('selfie', HTML_PAGE, 'selfie.jpg'));
    expectRefusal(response, 'NOT_AN_IMAGE');
  });

  it('refuses 50 MB at once from its declared length', async () => {
    const huge = Buffer.alloc(50 * 1024 * 1024, 0xff);
    const response = await upload(photoParts('selfie', huge));
    expectRefusal(response, 'PHOTO_TOO_LARGE', { megabytes: 10 });
  });

  it('refuses a file just over 10 MB while reading it', async () => {
    const over = Buffer.concat([await smallPng(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const response = await upload(photoParts('selfie', over));
    expectRefusal(response, 'PHOTO_TOO_LARGE', { megabytes: 10 });
  });

  it('refuses an empty file and a header claiming 30000×30000 pixels', async () => {
    const empty = await upload(photoParts('selfie', Buffer.alloc(0)));
    expectRefusal(empty, 'FILE_EMPTY');
    const bomb = await upload(photoParts('selfie', pngHeaderClaiming(30_000, 30_000), 'a.png'));
    expectRefusal(bomb, 'IMAGE_TOO_MANY_PIXELS');
  });

  it('refuses a missing or unknown kind, a missing file, two files and a non-multipart body', async () => {
    const png = await smallPng();
    const noKind = await upload([
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: png },
    ]);
    expect(refusal(noKind)).toEqual({
      status: 400,
      body: {
        message: 'Проверьте правильность заполнения полей',
        fields: { kind: 'Неизвестный вид фотографии' },
      },
    });
    expect((await upload(photoParts('passport_back', png))).statusCode).toBe(400);
    const noFile = await upload([{ name: 'kind', value: 'selfie' }]);
    expectRefusal(noFile, 'PHOTO_MISSING');
    const twoFiles = await upload([
      ...photoParts('selfie', png),
      { name: 'file', filename: 'b.png', contentType: 'image/png', data: png },
    ]);
    expectRefusal(twoFiles, 'PHOTO_ONE_AT_A_TIME');
    const json = await testApp.app.inject({
      method: 'POST',
      url: '/api/files/validate',
      headers: owner.headers,
      payload: { kind: 'selfie' },
    });
    expectRefusal(json, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('takes the kind after the file too', async () => {
    const png = await smallPng();
    const file = await uploaded([
      { name: 'file', filename: 'x.png', contentType: 'image/png', data: png },
      { name: 'kind', value: 'passport_registration' },
    ]);
    expect(file).toMatchObject({ kind: 'passport_registration', content_type: 'image/png' });
  });

  it('stores a «../» file name under a server-made name and never echoes it', async () => {
    const response = await upload(
      photoParts('selfie', await smallPng(), '../../../../tmp/evil.jpg'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('evil');
    expect(response.body).not.toContain('..');
    expect(response.body).not.toContain(testApp.ctx.config.filesDir);
    const stored = await readdir(testApp.ctx.config.filesDir);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((name) => /^[0-9a-f]{32}$/.test(name))).toBe(true);
    const dataDir = path.dirname(testApp.ctx.config.filesDir);
    expect((await readdir(dataDir)).some((name) => name.includes('evil'))).toBe(false);
  });

  it('previews the newest photo of each kind as data URLs, only the client’s own', async () => {
    const first = await uploaded(photoParts('selfie', await smallPng(10, 10)));
    const retake = await uploaded(photoParts('selfie', await smallPng(12, 12)));
    const theirs = await uploaded(photoParts('selfie', await smallPng(14, 14)), stranger);
    const response = await get('/api/files/base64');
    expect(response.statusCode).toBe(200);
    const previews = filesBase64ResponseSchema.parse(response.json()).data;
    const selfies = previews.filter((file) => file.kind === 'selfie');
    expect(selfies.map((file) => file.id)).toEqual([retake.id]);
    expect(previews.map((file) => file.id)).not.toContain(first.id);
    expect(previews.map((file) => file.id)).not.toContain(theirs.id);
    const selfie = selfies[0];
    expect(selfie?.data_url.startsWith('data:image/png;base64,')).toBe(true);
    const bytes = Buffer.from(selfie?.data_url.split(',')[1] ?? '', 'base64');
    expect(bytes.equals((await get(`/api/files/get/${retake.id}`)).rawPayload)).toBe(true);
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/files/base64' });
    expect(anonymous.statusCode).toBe(401);
  });
});
