import { readdir } from 'node:fs/promises';
import { API_ERRORS, MAX_ATTACHMENT_BYTES } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketAttachments, tickets } from '../../src/db/schema';
import {
  HTML_PAGE,
  jpegWithExif,
  pngHeaderClaiming,
  smallPng,
} from '../../src/services/files/test-images';
import { createClientWithSession, type ClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { FormPart } from './files-upload';
import {
  createdTicket,
  createTicketRequest,
  file,
  postForm,
  sentReply,
  SMALL_PDF,
  ticketFields,
} from './tickets-helpers';
import { expectRefusal } from '../helpers/refusal';

type RefusalAnswer = Parameters<typeof expectRefusal>[0];

describe('ticket attachments: checked by their bytes', () => {
  let testApp: TestApp;
  let client: ClientWithSession;

  beforeAll(async () => {
    testApp = await createTestApp();
    client = await createClientWithSession(testApp);
  });
  afterAll(() => testApp.close());

  const create = (parts: FormPart[]) => createTicketRequest(testApp, client.headers, parts);

  async function storedFiles(): Promise<string[]> {
    return readdir(testApp.ctx.config.filesDir).catch(() => []);
  }

  async function clientTicketCount(): Promise<number> {
    const rows = await testApp.ctx.db
      .select()
      .from(tickets)
      .where(eq(tickets.clientId, client.client.id));
    return rows.length;
  }

  /** A refused form leaves no ticket and no file behind, even when its first file was fine. */
  async function expectRefused(parts: FormPart[], refused: (response: RefusalAnswer) => void) {
    const filesBefore = await storedFiles();
    const ticketsBefore = await clientTicketCount();
    const response = await create([...ticketFields(), file('ok.pdf', SMALL_PDF), ...parts]);
    refused(response);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await clientTicketCount()).toBe(ticketsBefore);
  }

  it('refuses an HTML page renamed .pdf', async () => {
    await expectRefused([file('договор.pdf', HTML_PAGE, 'application/pdf')], (response) =>
      expectRefusal(response, 'ATTACHMENT_WRONG_TYPE', { name: 'договор.pdf' }),
    );
  });

  it('refuses a PDF cut off before its end marker', async () => {
    const truncated = SMALL_PDF.subarray(0, SMALL_PDF.length - 8);
    await expectRefused([file('выписка.pdf', truncated)], (response) =>
      expectRefusal(response, 'ATTACHMENT_BROKEN_PDF', { name: 'выписка.pdf' }),
    );
  });

  it('refuses a zero-byte file', async () => {
    await expectRefused([file('пусто.png', Buffer.alloc(0))], (response) =>
      expectRefusal(response, 'ATTACHMENT_EMPTY', { name: 'пусто.png' }),
    );
  });

  it('refuses a sixth attachment', async () => {
    const five = Array.from({ length: 5 }, (_, index) => file(`${index}.pdf`, SMALL_PDF));
    await expectRefused(five, (response) =>
      expectRefusal(response, 'ATTACHMENTS_TOO_MANY', { max: 5 }),
    );
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0x20);
    SMALL_PDF.copy(big);
    expect(big.length).toBeGreaterThan(MAX_ATTACHMENT_BYTES);
    await expectRefused([file('большой.pdf', big)], (response) =>
      expectRefusal(response, 'ATTACHMENT_TOO_LARGE', { name: 'большой.pdf', megabytes: 10 }),
    );
  });

  it('refuses an image header claiming 30000×30000 pixels, naming the file', async () => {
    const reason = API_ERRORS.IMAGE_TOO_MANY_PIXELS.message;
    await expectRefused([file('бомба.png', pngHeaderClaiming(30_000, 30_000))], (response) =>
      expectRefusal(response, 'ATTACHMENT_IMAGE_REFUSED', { name: 'бомба.png', reason }),
    );
  });

  it('refuses a declared body over five files of 10 MB before reading it', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/tickets/auth_create',
      headers: {
        ...client.headers,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(60 * 1024 * 1024),
      },
      payload: '--x--\r\n',
    });
    expectRefusal(response, 'ATTACHMENTS_TOO_LARGE', { files: 5, megabytes: 10 });
  });

  it('refuses a JSON body', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/tickets/auth_create',
      headers: client.headers,
      payload: { category: 'loan', subject: 'Тема', text: 'Текст' },
    });
    expectRefusal(response, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('keeps a «../» name for display only and stores under a name the server made', async () => {
    const before = await storedFiles();
    const ticket = await createdTicket(testApp, client.headers, [
      ...ticketFields(),
      file('../../../etc/passwd.png', await smallPng()),
      file('..\\..\\win.ini.pdf', SMALL_PDF),
      file('\u0007<script>|.pdf', SMALL_PDF),
      file('..', SMALL_PDF),
    ]);
    const names = ticket.messages[0]?.attachments.map((attachment) => attachment.name);
    expect(names).toEqual(['passwd.png', 'win.ini.pdf', 'script.pdf', 'файл']);
    const added = (await storedFiles()).filter((name) => !before.includes(name));
    expect(added).toHaveLength(4);
    for (const name of added) expect(name).toMatch(/^[0-9a-f]{32}$/);
  });

  it('re-encodes images without their metadata; stores PDFs byte for byte', async () => {
    const ticket = await createdTicket(testApp, client.headers, [
      ...ticketFields(),
      file('camera.jpg', await jpegWithExif(64, 48), 'text/plain'),
      file('doc.bin', SMALL_PDF, 'image/png'),
    ]);
    const [photo, pdf] = ticket.messages[0]?.attachments ?? [];
    expect(photo?.content_type).toBe('image/jpeg');
    expect(pdf?.content_type).toBe('application/pdf');
    const photoBytes = (
      await testApp.app.inject({ url: `/api/${photo?.link}`, headers: client.headers })
    ).rawPayload;
    const metadata = await sharp(photoBytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 48, height: 64 });
    expect(photoBytes.includes('secret-owner')).toBe(false);
    const [row] = await testApp.ctx.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.id, pdf?.id ?? 0));
    expect(row?.size).toBe(SMALL_PDF.length);
  });

  it('checks the files of a reply the same way', async () => {
    const ticket = await createdTicket(testApp, client.headers);
    const response = await postForm(testApp, `/api/tickets/${ticket.id}/messages`, client.headers, [
      { name: 'text', value: 'Прикладываю скан' },
      file('скан.pdf', HTML_PAGE),
    ]);
    expectRefusal(response, 'ATTACHMENT_WRONG_TYPE', { name: 'скан.pdf' });
    const six = Array.from({ length: 6 }, (_, index) => file(`${index}.pdf`, SMALL_PDF));
    const tooMany = await postForm(testApp, `/api/tickets/${ticket.id}/messages`, client.headers, [
      { name: 'text', value: 'Много файлов' },
      ...six,
    ]);
    expectRefusal(tooMany, 'ATTACHMENTS_TOO_MANY', { max: 5 });
    const reply = await sentReply(testApp, client.headers, ticket.id, [
      { name: 'text', value: 'Теперь правильный' },
      file('скан.pdf', SMALL_PDF),
    ]);
    expect(reply.message.attachments.map((attachment) => attachment.name)).toEqual(['скан.pdf']);
  });
});
