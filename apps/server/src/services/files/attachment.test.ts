import { describe, expect, it } from 'vitest';
import { apiErrorMessage } from '@zaymo/contract';
import { AppError } from '../../errors';
import {
  cleanFileName,
  detectAttachmentType,
  isCompletePdf,
  prepareAttachment,
} from './attachment';
import { HTML_PAGE, jpegWithExif, smallPng, smallWebp } from './test-images';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

async function refusal(name: string, bytes: Buffer) {
  const error: unknown = await prepareAttachment(name, bytes).then(
    () => null,
    (caught: unknown) => caught,
  );
  return error instanceof AppError
    ? { status: error.status, code: error.code, message: error.message }
    : error;
}

describe('attachment type by content', () => {
  it('recognises the photo types and PDF by their first bytes', async () => {
    expect(detectAttachmentType(await jpegWithExif())).toBe('image/jpeg');
    expect(detectAttachmentType(await smallPng())).toBe('image/png');
    expect(detectAttachmentType(await smallWebp())).toBe('image/webp');
    expect(detectAttachmentType(PDF)).toBe('application/pdf');
  });

  it('recognises nothing else', () => {
    expect(detectAttachmentType(HTML_PAGE)).toBeNull();
    expect(detectAttachmentType(Buffer.from(' %PDF-1.7'))).toBeNull();
    expect(detectAttachmentType(Buffer.from('%PDF'))).toBeNull();
    expect(detectAttachmentType(Buffer.alloc(0))).toBeNull();
  });

  it('takes a PDF as complete only with its end marker near the end', () => {
    expect(isCompletePdf(PDF)).toBe(true);
    expect(isCompletePdf(Buffer.concat([PDF, Buffer.alloc(100, 0x0a)]))).toBe(true);
    expect(isCompletePdf(PDF.subarray(0, PDF.length - 7))).toBe(false);
    expect(isCompletePdf(Buffer.concat([PDF, Buffer.alloc(4096, 0x20)]))).toBe(false);
    expect(isCompletePdf(Buffer.from('<html>%%EOF'))).toBe(false);
  });
});

describe('preparing an attachment', () => {
  it('keeps a PDF byte for byte and re-encodes an image', async () => {
    expect(await prepareAttachment('a.pdf', PDF)).toEqual({
      name: 'a.pdf',
      bytes: PDF,
      contentType: 'application/pdf',
    });
    const photo = await prepareAttachment('b.jpg', await jpegWithExif());
    expect(photo.contentType).toBe('image/jpeg');
    expect(photo.bytes.includes('secret-owner')).toBe(false);
  });

  it('names the file in every refusal', async () => {
    expect(await refusal('x.png', Buffer.alloc(0))).toEqual({
      status: 400,
      code: 'ATTACHMENT_EMPTY',
      message: apiErrorMessage('ATTACHMENT_EMPTY', { name: 'x.png' }),
    });
    expect(await refusal('x.pdf', HTML_PAGE)).toEqual({
      status: 415,
      code: 'ATTACHMENT_WRONG_TYPE',
      message: apiErrorMessage('ATTACHMENT_WRONG_TYPE', { name: 'x.pdf' }),
    });
    expect(await refusal('y.pdf', Buffer.from('%PDF-1.4 cut'))).toEqual({
      status: 400,
      code: 'ATTACHMENT_BROKEN_PDF',
      message: apiErrorMessage('ATTACHMENT_BROKEN_PDF', { name: 'y.pdf' }),
    });
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect(await refusal('z.jpg', broken)).toMatchObject({
      status: 400,
      code: 'ATTACHMENT_IMAGE_REFUSED',
      message: expect.stringMatching(/^Файл «z\.jpg»: не удалось прочитать изображение/),
    });
  });
});

describe('file names for display', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\Иван\\скан паспорта.pdf', 'скан паспорта.pdf'],
    ['a\u0000b\u001fc"d<e>f|g:h*i?.png', 'abcdefghi.png'],
    ['  много   пробелов .pdf ', 'много пробелов .pdf'],
    ['..', 'файл'],
    ['', 'файл'],
    [undefined, 'файл'],
  ])('%j → %j', (raw, expected) => {
    expect(cleanFileName(raw)).toBe(expected);
  });

  it('shortens a long name to 100 characters, keeping the extension', () => {
    const name = cleanFileName(`${'ж'.repeat(300)}.pdf`);
    expect(Array.from(name)).toHaveLength(100);
    expect(name.endsWith('….pdf')).toBe(true);
  });
});
