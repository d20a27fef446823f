import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from '../services/public-data';

/** Long enough to spare a page's repeated calls, short enough that a change shows soon. */
const MAX_AGE_SECONDS = 5;

/**
 * Sends a cached public answer with its ETag and a short lifetime; 304 without a body when the
 * client already holds it. `audience: 'private'` for answers behind sign-in.
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  audience: 'public' | 'private' = 'public',
): FastifyReply {
  reply.header('etag', answer.etag);
  reply.header('cache-control', `${audience}, max-age=${MAX_AGE_SECONDS}`);
  if (holdsAnswer(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.json);
}

/**
 * If-None-Match (of an answer or a page) compares weakly (RFC 9110 §13.1.2): W/"x" and "x" are
 * the same.
 */
export function holdsAnswer(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag.trim()) === wanted);
}

function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}
