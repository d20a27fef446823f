import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../http/route-plugin';
import { best2paySandbox, SANDBOX_BEST2PAY_PREFIX } from './best2pay';
import { clockRoutes } from './clock';
import { crmDemoRoutes } from './crm-demo';
import { devRoutes } from './dev-routes';
import { outboxRoutes } from './outbox-routes';
import { devBureauRoutes, nbkiSandbox, SANDBOX_NBKI_PREFIX } from './nbki';
import { fnsSandbox, SANDBOX_FNS_PREFIX } from './fns/plugin';
import { devTicketRoutes } from './ticket-routes';
import {
  esiaSandbox,
  esiaSignerSandbox,
  SANDBOX_ESIA_PREFIX,
  SANDBOX_SIGNER_PREFIX,
} from './esia/plugin';

/**
 * Everything that exists only in sandbox mode: /api/dev/* (ping, the SMS and e-mail outbox, the clock, the
 * bureau's rules), the Best2Pay-compatible gateway (/sandbox/best2pay/*), the НБКИ-compatible
 * bureau (/sandbox/nbki/*), ЕСИА with ЕБС (/sandbox/esia/*), the signing service ЕСИА's
 * client_secret needs (/sandbox/esia-signer/*) and the ФНС's «Узнать ИНН» (/sandbox/fns/*).
 * app.ts registers this plugin only
 * when `config.sandbox` is on, so in production these paths are plain 404s. The console's demo
 * admin needs more: `config.sandboxDemoAdmin` (a loopback-only development start).
 */
export const sandboxPlugin: FastifyPluginAsync<RouteOptions> = async (app, options) => {
  await app.register(devRoutes, { ...options, prefix: '/api/dev' });
  await app.register(outboxRoutes, { ...options, prefix: '/api/dev' });
  await app.register(devTicketRoutes, { ...options, prefix: '/api/dev' });
  await app.register(clockRoutes, { ...options, prefix: '/api/dev' });
  await app.register(devBureauRoutes, { ...options, prefix: '/api/dev' });
  if (options.ctx.config.sandboxDemoAdmin) {
    await app.register(crmDemoRoutes, { ...options, prefix: '/api/dev' });
  }
  await app.register(best2paySandbox, { ...options, prefix: SANDBOX_BEST2PAY_PREFIX });
  await app.register(nbkiSandbox, { ...options, prefix: SANDBOX_NBKI_PREFIX });
  await app.register(esiaSandbox, { ...options, prefix: SANDBOX_ESIA_PREFIX });
  await app.register(esiaSignerSandbox, { ...options, prefix: SANDBOX_SIGNER_PREFIX });
  await app.register(fnsSandbox, { ...options, prefix: SANDBOX_FNS_PREFIX });
};
