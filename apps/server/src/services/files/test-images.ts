import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Images for tests, made on the fly: no binary fixtures in the repository. */

/** A small JPEG carrying EXIF (camera, copyright, orientation 6 = turn 90° clockwise). */
export function jpegWithExif(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Make: 'TestPhone', Copyright: 'secret-owner', Software: 'gps-tracker' } },
    })
    .toBuffer();
}

export function smallPng(width = 32, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#3c3' } })
    .png()
    .toBuffer();
}

export function smallWebp(width = 30, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#33c' } })
    .webp()
    .toBuffer();
}

/**
 * A valid PNG of a few dozen bytes whose header claims `width`×`height` pixels: a decompression
 * bomb's header without the bomb.
 */
export function pngHeaderClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export const HTML_PAGE = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);
