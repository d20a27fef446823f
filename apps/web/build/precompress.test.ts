import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressFile } from './precompress';

/** React's renderer: the kind of script every page waits for; 260 KiB of it. */
const RENDERER = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-dom/package.json')),
  'cjs/react-dom-client.production.js',
);

let folder = '';
afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('precompressed copies', () => {
  it('are brotli at its best quality and gzip of the very file, large files too', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'precompress-'));
    const file = path.join(folder, 'renderer.js');
    await writeFile(file, (await readFile(RENDERER)).subarray(0, 260 * 1024));
    await compressFile(file);
    const body = await readFile(file);
    // Brotli's fast quality, for comparison: the best one is about a tenth smaller.
    const fast = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } });
    expect(body.length).toBeGreaterThan(256 * 1024);
    const br = await readFile(`${file}.br`);
    expect(br.length).toBeLessThan(fast.length * 0.95);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(await readFile(`${file}.gz`)).equals(body)).toBe(true);
  });
});
