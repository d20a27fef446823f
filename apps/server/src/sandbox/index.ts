import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../http/route-plugin';
import { best2paySandbox, SANDBOX_BEST2PAY_PREFIX } from './best2pay';
import { clockRoutes } from './clock';
import { crmDemoRoutes } from './crm-demo';
import { devRoutes } from './dev-routes';
import { outboxRoutes } from './outbox-routes';
import { devTicketRoutes } from './ticket-routes';

/**
 * Everything that exists only in sandbox mode: /api/dev/* (ping, the SMS and e-mail outbox) and
 * the Best2Pay-compatible gateway (/sandbox/best2pay/*). app.ts registers this plugin only
 * when `config.sandbox` is on, so in production these paths are plain 404s. The console's demo
 * admin needs more: `config.sandboxDemoAdmin` (a loopback-only development start).
 */
export const sandboxPlugin: FastifyPluginAsync<RouteOptions> = async (app, options) => {
  await app.register(devRoutes, { ...options, prefix: '/api/dev' });
  await app.register(outboxRoutes, { ...options, prefix: '/api/dev' });
  await app.register(devTicketRoutes, { ...options, prefix: '/api/dev' });
  await app.register(clockRoutes, { ...options, prefix: '/api/dev' });
  if (options.ctx.config.sandboxDemoAdmin) {
    await app.register(crmDemoRoutes, { ...options, prefix: '/api/dev' });
  }
  await app.register(best2paySandbox, { ...options, prefix: SANDBOX_BEST2PAY_PREFIX });
};
