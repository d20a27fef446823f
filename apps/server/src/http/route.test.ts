import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS, checkEveryEndpointRouted, guardApiRoutes, route } from './route';

const HEALTHY = { status: 'ok', database: 'pglite', sandbox: false, time: 'now' } as const;
const ALL_MODES = { sandbox: true, sandboxDemoAdmin: true };

function bareApp(): { app: FastifyInstance; routed: Set<string> } {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return { app, routed: guardApiRoutes(app) };
}

describe('the start-up check of the contract tables', () => {
  it('passes when every call got a handler', () => {
    const routed = new Set(API_ENDPOINTS.keys());
    expect(() => checkEveryEndpointRouted(routed, ALL_MODES)).not.toThrow();
  });

  it('fails on a call whose handler is missing, naming it', () => {
    const routed = new Set(API_ENDPOINTS.keys());
    routed.delete('POST /orders/:orderId/payout');
    expect(() => checkEveryEndpointRouted(routed, ALL_MODES)).toThrow(
      'Contract calls without a handler: POST /orders/:orderId/payout',
    );
  });

  it('asks for the sandbox calls only in sandbox mode', () => {
    const routed = new Set([...API_ENDPOINTS.keys()].filter((key) => !key.includes(' /dev/')));
    const production = { sandbox: false, sandboxDemoAdmin: false };
    expect(() => checkEveryEndpointRouted(routed, production)).not.toThrow();
    expect(() => checkEveryEndpointRouted(routed, ALL_MODES)).toThrow('GET /dev/clock');
  });

  it('refuses an /api route registered outside the table', async () => {
    const { app } = bareApp();
    const registering = app.register(
      async (api) => {
        api.get('/orders/everything', () => ({}));
      },
      { prefix: '/api' },
    );
    await expect(registering).rejects.toThrow(
      'GET /api/orders/everything is not a call of the contract',
    );
  });

  it('registers a call from its entry: path, auth, schemas and the route it serves', async () => {
    const { app, routed } = bareApp();
    await app.register(async (api) => route(api, 'GET /health', () => HEALTHY), { prefix: '/api' });
    expect(routed).toEqual(new Set(['GET /health']));
    const answer = await app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.json()).toEqual(HEALTHY);
    await app.close();
  });
});
