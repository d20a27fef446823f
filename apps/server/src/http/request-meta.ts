import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/** What services record about the caller (consents, codes, attempts) and where they log. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  log: FastifyBaseLogger;
}

const MAX_USER_AGENT_LENGTH = 512;

export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT_LENGTH) : null,
    log: request.log,
  };
}
