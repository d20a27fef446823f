import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../http/route-plugin';
import { devRoutes } from './dev-routes';

/**
 * Everything that exists only in sandbox mode: /api/dev/* now; the Best2Pay-compatible gateway
 * (/sandbox/best2pay/*) and the outbox later. app.ts registers this plugin only when
 * `config.sandbox` is on, so in production these paths are plain 404s.
 */
export const sandboxPlugin: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  await app.register(devRoutes, { prefix: '/api/dev', ctx });
};
