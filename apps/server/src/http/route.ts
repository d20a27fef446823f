import {
  CRM_ENDPOINTS,
  ENDPOINTS,
  endpointEntries,
  errorResponsesFor,
  type CrmEndpointKey,
  type CrmEndpoints,
  type EndpointEntry,
  type EndpointKey,
  type Endpoints,
  type EndpointSpec,
} from '@zaymo/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';

/** Every call of the contract, by `'METHOD /path'` (paths relative to /api). */
export const API_ENDPOINTS: ReadonlyMap<string, EndpointEntry> = new Map(
  endpointEntries(ENDPOINTS, CRM_ENDPOINTS).map((entry) => [entry.key, entry]),
);

export type ApiEndpointKey = EndpointKey | CrmEndpointKey;

type SpecOf<K extends ApiEndpointKey> = K extends `${infer M} ${infer P}`
  ? P extends keyof Endpoints
    ? M extends keyof Endpoints[P]
      ? Endpoints[P][M]
      : never
    : P extends keyof CrmEndpoints
      ? M extends keyof CrmEndpoints[P]
        ? CrmEndpoints[P][M]
        : never
      : never
  : never;

type Parsed<E, Part extends string> = E extends { [K in Part]: infer S extends z.ZodType }
  ? z.output<S>
  : unknown;

/** The request as the route's schemas parsed it. */
export type EndpointRequest<E> = FastifyRequest<{
  Params: Parsed<E, 'params'>;
  Querystring: Parsed<E, 'query'>;
  Body: Parsed<E, 'body'>;
  Headers: Parsed<E, 'headers'>;
}>;

/** What a handler answers: the 200 body before serialisation, or the reply it sent itself. */
export type EndpointAnswer<E> = E extends { response: infer S extends z.ZodType }
  ? z.input<S> | FastifyReply
  : FastifyReply;

export type EndpointHandler<E> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => EndpointAnswer<E> | Promise<EndpointAnswer<E>>;

/** What only the server knows of a route: hooks before the body is read, its own body limit. */
export interface ServerRouteOptions {
  /** Refuse an oversized upload before it is read. */
  onRequest?: onRequestAsyncHookHandler;
  bodyLimit?: number;
  /** `warn` for calls whose address holds personal data: no access line with it. */
  logLevel?: 'warn';
  /**
   * With `auth`: the requests that need no session (GET /documents/file/:kind is open for the
   * registration documents); every other request of the route is authenticated.
   */
  publicWhen?: (request: FastifyRequest) => boolean;
}

/**
 * Registers the contract's call `key` with its handler: path, method, schemas, auth, the OpenAPI
 * summary, tags and error answers all come from the entry. The only way a route joins /api
 * (`guardApiRoutes` refuses any other); `checkEveryEndpointRouted` refuses a call left without one.
 */
export function route<K extends ApiEndpointKey>(
  app: FastifyInstance,
  key: K,
  handler: EndpointHandler<SpecOf<K>>,
  options: ServerRouteOptions = {},
): void {
  const entry = API_ENDPOINTS.get(key);
  if (!entry) throw new Error(`${key} is not a call of the contract`);
  app.route({
    method: entry.method,
    url: relativeUrl(app.prefix, entry.path),
    config: routeConfig(entry, options.publicWhen),
    schema: routeSchema(entry.spec),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    handler: handler as RouteOptions['handler'],
  });
}

/** The table's path under the plugin's prefix: `/dev/clock` in a plugin at `/api/dev` is `/clock`. */
function relativeUrl(prefix: string, path: string): string {
  const full = `/api${path}`;
  if (!full.startsWith(prefix)) throw new Error(`${full} cannot be registered under ${prefix}`);
  return full.slice(prefix.length) || '/';
}

function routeConfig(
  { key, spec }: EndpointEntry,
  publicWhen: ServerRouteOptions['publicWhen'],
): RouteOptions['config'] {
  return {
    endpoint: key,
    ...(spec.auth === 'public' ? {} : { auth: spec.auth }),
    ...(spec.operatorRefusal ? { operatorRefusal: spec.operatorRefusal } : {}),
    ...(spec.role ? { role: spec.role } : {}),
    ...(spec.writes ? { writes: true } : {}),
    ...(publicWhen ? { publicWhen } : {}),
  };
}

function routeSchema(spec: EndpointSpec): RouteOptions['schema'] & Record<string, unknown> {
  return {
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [...spec.tags],
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    ...(spec.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...(spec.produces ? { produces: [...spec.produces] } : {}),
    response: {
      ...(spec.response ? { 200: spec.response } : {}),
      ...errorResponsesFor(spec.errors),
    },
  };
}

/**
 * /api routes that are not calls of the contract, each with its reason: the OpenAPI document and
 * its page (made by @fastify/swagger), the load balancer's probes (answered before the database),
 * Prometheus's scrape (its own token, its text format) and routes only tests mount. Nothing else
 * may be registered under /api without a table entry.
 */
const OUTSIDE_THE_CONTRACT: readonly RegExp[] = [
  /^\/api\/docs(\/|$)/,
  /^\/api\/openapi\.json$/,
  /^\/api\/health\/(live|ready)$/,
  /^\/api\/metrics$/,
  /^\/api\/test\//,
];

/**
 * Refuses, as it is registered, an /api route that did not come from `route()`; collects the
 * calls that did, for `checkEveryEndpointRouted`.
 */
export function guardApiRoutes(app: FastifyInstance): Set<string> {
  const routed = new Set<string>();
  app.addHook('onRoute', (options) => {
    if (options.method === 'HEAD' || !/^\/api(\/|$)/.test(options.url)) return;
    const endpoint = options.config?.endpoint;
    if (endpoint) routed.add(endpoint);
    else if (!OUTSIDE_THE_CONTRACT.some((pattern) => pattern.test(options.url)))
      throw new Error(
        `${String(options.method)} ${options.url} is not a call of the contract: add it to ` +
          'ENDPOINTS or CRM_ENDPOINTS and register it with route()',
      );
  });
  return routed;
}

/** Which calls this start must serve: the sandbox's only in sandbox mode. */
export interface RoutedModes {
  sandbox: boolean;
  sandboxDemoAdmin: boolean;
}

function expectedNow({ path }: EndpointEntry, modes: RoutedModes): boolean {
  if (path === '/dev/crm-demo') return modes.sandbox && modes.sandboxDemoAdmin;
  if (path.startsWith('/dev/')) return modes.sandbox;
  return true;
}

/** Start-up refuses a contract call no route serves: a handler left out is found at once. */
export function checkEveryEndpointRouted(
  routed: ReadonlySet<string>,
  modes: RoutedModes,
  entries: Iterable<EndpointEntry> = API_ENDPOINTS.values(),
): void {
  const missing = [...entries]
    .filter((entry) => expectedNow(entry, modes) && !routed.has(entry.key))
    .map((entry) => entry.key);
  if (missing.length > 0)
    throw new Error(`Contract calls without a handler: ${missing.join(', ')}`);
}
