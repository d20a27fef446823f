import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers gain less than the CPU and the headers that compressing them costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers above the threshold (API JSON, the OpenAPI document) with brotli or gzip,
 * as the client accepts. Built web files arrive already compressed (static-spa.ts) and an answer
 * with a Content-Encoding is left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
