import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { isHttpsRequest } from './public-url';

/**
 * One policy for every answer. Styles allow 'unsafe-inline' because UI libraries set style
 * attributes; scripts come only from our origin. blob: serves uploaded-photo previews and PDFs.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Tokens travel in the CRM link's query, so no page ever sends a Referer anywhere. */
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

/** A year, the minimum browsers' preload lists accept; sent only over HTTPS (RFC 6797 §7.2). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (isHttpsRequest(config, request)) {
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    }
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      // A route may set its own (a payment page, a file download); the default fills the rest.
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
