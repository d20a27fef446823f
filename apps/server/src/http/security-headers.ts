import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { isHttpsRequest } from './public-url';

/**
 * One policy for every answer. Styles allow 'unsafe-inline' because UI libraries set style
 * attributes; scripts come only from our origin. blob: serves uploaded-photo previews and PDFs.
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The same policy as a header value, for pages that add a nonce to it (the sandbox gateway). */
export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(
    ([name, values]) =>
      `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`,
  )
  .join('; ');

/** A year, the minimum browsers' preload lists accept; sent only over HTTPS (RFC 6797 §7.2). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets, computed once at start-up by running its middleware on a stand-in
 * response: its options are checked and its CSP formatted by helmet, and a request only copies
 * the finished values into Fastify's reply headers. Exactly these headers: CSP, Referrer-Policy
 * no-referrer (tokens travel in the CRM link's query), X-Frame-Options DENY,
 * Cross-Origin-Resource-Policy same-origin and X-Content-Type-Options nosniff. HSTS is ours: it
 * depends on how the request reached us. (helmet on every request set them on the raw response,
 * which sent Node's writeHead down its slow path: a fifth of a cached public answer's CPU.)
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = headersSetBy(
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xContentTypeOptions: true,
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  }),
);

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

function headersSetBy(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
      return response;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The headers go on every answer before the route runs, so a route may set its own (a payment
 * page's CSP with a nonce, an uploaded file's sandbox); HSTS only where the browser reached us
 * over HTTPS (directly or through TRUST_PROXY).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(SECURITY_HEADERS);
    if (isHttpsRequest(config, request)) {
      void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    }
    done();
  });
}
