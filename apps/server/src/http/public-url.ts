import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * Where this client opened the cabinet: PUBLIC_URL when set, else the address the request came to.
 * Fastify reads X-Forwarded-Host / -Proto only from the proxies in TRUST_PROXY, so a client cannot
 * point links and gateway returns elsewhere by sending those headers itself.
 */
export function requestBaseUrl(config: AppConfig, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  const host = HOST_PATTERN.test(request.host) ? request.host : `localhost:${config.port}`;
  return `${isHttpsRequest(config, request) ? 'https' : 'http'}://${host}`;
}

/** The client reached us over HTTPS: PUBLIC_URL says so, or a trusted proxy does. */
export function isHttpsRequest(config: AppConfig, request: FastifyRequest): boolean {
  if (config.publicUrl) return config.publicUrl.startsWith('https://');
  return request.protocol === 'https';
}
