import { constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliQuality } from './precompress';

describe('precompressed copies', () => {
  it('spend brotli’s best quality on the files a page waits for, not on the largest lazy one', () => {
    expect(brotliQuality(70 * 1024)).toBe(constants.BROTLI_MAX_QUALITY);
    expect(brotliQuality(256 * 1024)).toBe(constants.BROTLI_MAX_QUALITY);
    expect(brotliQuality(418 * 1024)).toBeLessThan(constants.BROTLI_MAX_QUALITY);
  });
});
