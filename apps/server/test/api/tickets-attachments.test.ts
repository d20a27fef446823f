import { readdir } from 'node:fs/promises';
import { MAX_ATTACHMENT_BYTES } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketAttachments, tickets } from '../../src/db/schema';
import { FORM_TOO_LARGE_MESSAGE, NOT_MULTIPART_MESSAGE } from '../../src/routes/tickets';
import { attachmentMessages } from '../../src/services/files/attachment';
import { TOO_MANY_PIXELS_MESSAGE } from '../../src/services/files/image';
import {
  HTML_PAGE,
  jpegWithExif,
  pngHeaderClaiming,
  smallPng,
} from '../../src/services/files/test-images';
import { TOO_MANY_FILES_MESSAGE } from '../../src/services/tickets';
import { createClientWithSession, type ClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { FormPart } from './files-upload';
import {
  createdTicket,
  createTicketRequest,
  file,
  postForm,
  refusal,
  sentReply,
  SMALL_PDF,
  ticketFields,
} from './tickets-helpers';

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
  async function expectRefused(parts: FormPart[], status: number, message: string) {
    const filesBefore = await storedFiles();
    const ticketsBefore = await clientTicketCount();
    const response = await create([...ticketFields(), file('ok.pdf', SMALL_PDF), ...parts]);
    expect(refusal(response)).toEqual({ status, body: { message } });
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await clientTicketCount()).toBe(ticketsBefore);
  }

  it('refuses an HTML page renamed .pdf', async () => {
    await expectRefused(
      [file('договор.pdf', HTML_PAGE, 'application/pdf')],
      415,
      attachmentMessages.wrongType('договор.pdf'),
    );
  });

  it('refuses a PDF cut off before its end marker', async () => {
    const truncated = SMALL_PDF.subarray(0, SMALL_PDF.length - 8);
    await expectRefused(
      [file('выписка.pdf', truncated)],
      400,
      attachmentMessages.brokenPdf('выписка.pdf'),
    );
  });

  it('refuses a zero-byte file', async () => {
    await expectRefused(
      [file('пусто.png', Buffer.alloc(0))],
      400,
      attachmentMessages.empty('пусто.png'),
    );
  });

  it('refuses a sixth attachment', async () => {
    const five = Array.from({ length: 5 }, (_, index) => file(`${index}.pdf`, SMALL_PDF));
    await expectRefused(five, 400, TOO_MANY_FILES_MESSAGE);
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0x20);
    SMALL_PDF.copy(big);
    expect(big.length).toBeGreaterThan(MAX_ATTACHMENT_BYTES);
    await expectRefused(
      [file('большой.pdf', big)],
      413,
      attachmentMessages.tooBig('большой.pdf', 10),
    );
  });

  it('refuses an image header claiming 30000×30000 pixels, naming the file', async () => {
    const reason =
      TOO_MANY_PIXELS_MESSAGE.charAt(0).toLowerCase() + TOO_MANY_PIXELS_MESSAGE.slice(1);
    await expectRefused(
      [file('бомба.png', pngHeaderClaiming(30_000, 30_000))],
      400,
      `Файл «бомба.png»: ${reason}`,
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
    expect(refusal(response)).toEqual({ status: 413, body: { message: FORM_TOO_LARGE_MESSAGE } });
  });

  it('refuses a JSON body', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/tickets/auth_create',
      headers: client.headers,
      payload: { category: 'loan', subject: 'Тема', text: 'Текст' },
    });
    expect(refusal(response)).toEqual({ status: 415, body: { message: NOT_MULTIPART_MESSAGE } });
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
    expect(refusal(response)).toEqual({
      status: 415,
      body: { message: attachmentMessages.wrongType('скан.pdf') },
    });
    const six = Array.from({ length: 6 }, (_, index) => file(`${index}.pdf`, SMALL_PDF));
    const tooMany = await postForm(testApp, `/api/tickets/${ticket.id}/messages`, client.headers, [
      { name: 'text', value: 'Много файлов' },
      ...six,
    ]);
    expect(refusal(tooMany)).toEqual({ status: 400, body: { message: TOO_MANY_FILES_MESSAGE } });
    const reply = await sentReply(testApp, client.headers, ticket.id, [
      { name: 'text', value: 'Теперь правильный' },
      file('скан.pdf', SMALL_PDF),
    ]);
    expect(reply.message.attachments.map((attachment) => attachment.name)).toEqual(['скан.pdf']);
  });
});
