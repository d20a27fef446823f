import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from '../context';

const MAX_USER_AGENT_LENGTH = 512;

export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT_LENGTH) : null,
    log: request.log,
  };
}
