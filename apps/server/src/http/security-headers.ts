import type { FastifyInstance } from 'fastify';

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

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      // A route may set its own (a payment page, a file download); the default fills the rest.
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
