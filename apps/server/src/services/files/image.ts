import type { ACCEPTED_IMAGE_TYPES } from '@zaymo/contract';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../errors';

export type ImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** Bigger images are refused before decoding: a small file may unpack to gigabytes of pixels. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Stored photos are scaled down to fit this box: plenty to read a passport, small to serve. */
export const MAX_STORED_SIDE = 4096;

/** The type told by the file's first bytes — never by its name or the type the browser sent. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const starts = (signature: readonly number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  const riff = [0x52, 0x49, 0x46, 0x46];
  const webp = [0x57, 0x45, 0x42, 0x50];
  if (starts(riff) && starts(webp, 8)) return 'image/webp';
  return null;
}

export interface ReencodedImage {
  bytes: Buffer;
  contentType: ImageType;
  width: number;
  height: number;
}

const SHARP_FORMAT: Record<ImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * Checks an uploaded image and re-encodes it in the same format: turned upright by its EXIF
 * orientation, then written without any metadata (EXIF with GPS and camera, XMP, comments) and
 * without anything appended after the image data.
 */
export async function reencodeImage(bytes: Buffer): Promise<ReencodedImage> {
  if (bytes.length === 0) throw new AppError('FILE_EMPTY');
  const contentType = detectImageType(bytes);
  if (!contentType) throw new AppError('NOT_AN_IMAGE');
  await assertDecodableSize(bytes, contentType);
  try {
    const { data, info } = await encoder(bytes, contentType).toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType, width: info.width, height: info.height };
  } catch (error) {
    throw new AppError('IMAGE_UNREADABLE', { cause: error });
  }
}

/**
 * Reads only the header (no pixel is decoded, so sharp's own pixel limit is off here): the
 * dimensions it claims decide whether the image may be decoded at all.
 */
async function assertDecodableSize(bytes: Buffer, contentType: ImageType): Promise<void> {
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw new AppError('IMAGE_UNREADABLE', { cause: error });
    });
  if (metadata.format !== SHARP_FORMAT[contentType]) {
    throw new AppError('NOT_AN_IMAGE');
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > MAX_INPUT_PIXELS) throw new AppError('IMAGE_TOO_MANY_PIXELS');
  if (pixels === 0) throw new AppError('IMAGE_UNREADABLE');
}

function encoder(bytes: Buffer, contentType: ImageType): Sharp {
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
    .rotate()
    .resize({
      width: MAX_STORED_SIDE,
      height: MAX_STORED_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
  if (contentType === 'image/png') return image.png();
  if (contentType === 'image/webp') return image.webp({ quality: 90 });
  return image.jpeg({ quality: 90 });
}
