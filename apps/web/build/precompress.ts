import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser downloads; images and fonts are compressed already, maps only by devtools. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;
/**
 * Brotli's best quality costs about 20 ms per KiB: it pays on what a page waits for (the entry,
 * the vendor chunks, screens: ~10 % smaller than quality 5), not on the largest lazy file (the
 * password checker's dictionaries, 418 KiB: 9 s of the build for 7 %, fetched in the background).
 */
const BEST_QUALITY_MAX_BYTES = 256 * 1024;
const LARGE_FILE_QUALITY = 6;

export function brotliQuality(bytes: number): number {
  return bytes <= BEST_QUALITY_MAX_BYTES ? constants.BROTLI_MAX_QUALITY : LARGE_FILE_QUALITY;
}

/**
 * Writes file.br (brotli, best quality up to 256 KiB) and file.gz (gzip -9) next to every
 * compressible file of the build, so the server sends them as they are (@fastify/static
 * preCompressed) instead of compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'zaymo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await listFiles(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(compressFile));
    },
  };
}

async function compressFile(file: string): Promise<void> {
  if ((await stat(file)).size < MIN_BYTES) return;
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality(body.length),
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
