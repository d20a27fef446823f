import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { detectImageType, reencodeImage } from './image';
import { HTML_PAGE, jpegWithExif, pngHeaderClaiming, smallPng, smallWebp } from './test-images';

async function refusal(bytes: Buffer) {
  const error: unknown = await reencodeImage(bytes).then(
    () => null,
    (caught: unknown) => caught,
  );
  return error instanceof AppError ? { status: error.status, code: error.code } : error;
}

describe('image type by content', () => {
  it('recognises JPEG, PNG and WebP by their first bytes', async () => {
    expect(detectImageType(await jpegWithExif())).toBe('image/jpeg');
    expect(detectImageType(await smallPng())).toBe('image/png');
    expect(detectImageType(await smallWebp())).toBe('image/webp');
  });

  it('recognises nothing else, whatever the name would say', () => {
    expect(detectImageType(HTML_PAGE)).toBeNull();
    expect(detectImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('re-encoding', () => {
  it('turns a JPEG upright by its EXIF orientation and drops all metadata', async () => {
    const original = await jpegWithExif(64, 48);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const image = await reencodeImage(original);
    expect(image).toMatchObject({ contentType: 'image/jpeg', width: 48, height: 64 });
    const metadata = await sharp(image.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(image.bytes.includes('secret-owner')).toBe(false);
  });

  it('keeps PNG and WebP in their format', async () => {
    expect(await reencodeImage(await smallPng())).toMatchObject({ contentType: 'image/png' });
    expect(await reencodeImage(await smallWebp())).toMatchObject({ contentType: 'image/webp' });
  });

  it('drops bytes appended after the image (a polyglot file)', async () => {
    const polyglot = Buffer.concat([await smallPng(), HTML_PAGE]);
    const image = await reencodeImage(polyglot);
    expect(image.bytes.includes('<script>')).toBe(false);
  });

  it('refuses an empty file, a non-image and a broken image with clear messages', async () => {
    expect(await refusal(Buffer.alloc(0))).toEqual({ status: 400, code: 'FILE_EMPTY' });
    expect(await refusal(HTML_PAGE)).toEqual({ status: 415, code: 'NOT_AN_IMAGE' });
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect(await refusal(broken)).toEqual({ status: 400, code: 'IMAGE_UNREADABLE' });
  });

  it('refuses a header claiming 30000×30000 pixels without decoding it', async () => {
    const bomb = pngHeaderClaiming(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200);
    expect(await refusal(bomb)).toEqual({ status: 400, code: 'IMAGE_TOO_MANY_PIXELS' });
  });
});
