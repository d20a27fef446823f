import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const OPENAPI_UI_PATH = '/api/docs';

/** Routes with `config.auth` are documented as needing the bearer token. */
const transformWithSecurity: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const needsToken = Boolean(input.route.config?.auth);
  if (!needsToken || (transformed.schema as { hide?: boolean }).hide) return transformed;
  return { ...transformed, schema: { ...transformed.schema, security: [{ bearerAuth: [] }] } };
};

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Left out of the OpenAPI document on purpose (the document itself, the docs UI). */
  hidden: boolean;
  /** The route's `config.auth` and, for operators, why they are refused. */
  auth: string | null;
  operatorRefusal: string | null;
  /** With auth 'staff': the least staff role the route declares (null when undeclared). */
  role: string | null;
  /** The route's schema object as given (the contract's zod schemas, by reference). */
  schema: RouteSchema | undefined;
}

export interface RouteSchema {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  response?: Record<number | string, unknown>;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route added after registerOpenApi, so a test can check the document misses none. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}

function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    const auth = route.config?.auth ?? null;
    const operatorRefusal =
      auth === 'client-not-operator' ? (route.config?.operatorRefusal ?? 'money') : null;
    for (const method of methods)
      routes.push({
        method,
        url: route.url,
        hidden,
        auth,
        operatorRefusal,
        role: route.config?.role ?? null,
        schema: route.schema as RouteSchema | undefined,
      });
  });
}

/**
 * The OpenAPI document is generated from the contract's zod schemas of the registered routes.
 * Register before the routes: @fastify/swagger collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance, brand: string): Promise<void> {
  recordRoutes(app);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `API личного кабинета «${brand}»`,
        description:
          'Вызовы веб-клиента. Ошибки — JSON `{ message }` с текстом для клиента; ' +
          'ошибки проверки полей — `{ message, fields }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'Токен сессии: заголовок `Authorization: Bearer <токен>`',
          },
        },
      },
    },
    transform: transformWithSecurity,
  });
  await app.register(fastifySwaggerUi, { routePrefix: OPENAPI_UI_PATH });
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, () => app.swagger());
}
