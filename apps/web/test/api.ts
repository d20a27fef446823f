import {
  API_ERRORS,
  ENDPOINTS,
  type ApiErrorCode,
  type EndpointAnswer,
  type EndpointPath,
  type Endpoints,
  type EndpointSchemas,
  type HttpMethod,
} from '@zaymo/contract';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The API of web tests: MSW handlers built from the contract's endpoint table. Every request a
 * handler answers is checked against the route's params, query and body schemas, and every
 * answer against its 200 schema; a mismatch is recorded and fails the test (test/setup.ts).
 * A request no handler answers gets a network error (onUnhandledRequest: error, logged).
 */
export const apiServer = setupServer();

const violations: string[] = [];

/** Fails the running test (after it ends, with the contract mismatches) with this message. */
export function failTest(message: string): void {
  violations.push(message);
}

/** The contract mismatches since the last call (test/setup.ts checks them after each test). */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

type MethodOf<P extends EndpointPath> = Extract<keyof Endpoints[P], HttpMethod>;

/** What a handler sees of the request: path parameters, query (strings) and the parsed body. */
export type MockRequest = {
  /** The address as sent (`/api/clients/cards/9?…`). */
  url: URL;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  headers: Headers;
  /** Aborted when the browser gives up on the request (a left page, a cancelled query). */
  signal: AbortSignal;
};

/** An error answer as the server gives it: the code decides the status. */
export type MockError = {
  error: ApiErrorCode;
  message?: string;
  fields?: Record<string, string>;
  /** Seconds before the next try (429 answers). */
  retry_after?: number;
  /** The page a refused card binding goes back to (POST /pay/callback/best2pay). */
  referer?: string;
};

/** An answer that never comes: the connection fails (fetch rejects). */
export const NETWORK_ERROR = Symbol('network error');

type Answer<P extends EndpointPath, M extends HttpMethod> =
  EndpointAnswer<P, M> | MockError | typeof NETWORK_ERROR;

export type MockOptions<M extends HttpMethod> = {
  /** Needed only when the path answers more than one method. */
  method?: M;
  /** Answer once only (then the next handler, or an unhandled request). */
  once?: boolean;
};

export type CallLog = { calls: MockRequest[] };

/**
 * Answers `path` (a literal of the contract table) with `answer`, or with what `answer` returns
 * for the request. Returns the log of requests it answered.
 */
export function mockApi<P extends EndpointPath, M extends MethodOf<P> = MethodOf<P>>(
  path: P,
  answer: Answer<P, M> | ((request: MockRequest) => Answer<P, M> | Promise<Answer<P, M>>),
  options: MockOptions<M> = {},
): CallLog {
  const methods = Object.keys(ENDPOINTS[path]) as M[];
  const method = options.method ?? (methods.includes('GET' as M) ? ('GET' as M) : methods[0]);
  if (method === undefined) throw new Error(`${path}: no method`);
  const schemas = (ENDPOINTS[path] as Record<string, EndpointSchemas>)[method];
  if (!schemas) throw new Error(`${String(method)} ${path} is not in the contract`);
  const log: CallLog = { calls: [] };
  const route = `${method} ${path}`;
  const handler = http[method.toLowerCase() as Lowercase<HttpMethod>](
    `*/api${path}`,
    async ({ request, params }) => {
      const url = new URL(request.url);
      const body = await readBody(request, schemas);
      const mockRequest: MockRequest = {
        url,
        // `*` (any origin) shows as the parameter "0": only the path's own `:names` count.
        params: Object.fromEntries(
          Object.entries(params).filter(([name]) => !/^\d+$/.test(name)),
        ) as Record<string, string>,
        query: Object.fromEntries(url.searchParams),
        body,
        headers: request.headers,
        signal: request.signal,
      };
      log.calls.push(mockRequest);
      check(route, 'params', schemas.params, mockRequest.params);
      check(route, 'query', schemas.query, mockRequest.query);
      check(route, 'body', schemas.body ?? schemas.handlerBody, body);
      const result: unknown =
        typeof answer === 'function'
          ? await (answer as (request: MockRequest) => unknown)(mockRequest)
          : answer;
      if (result === NETWORK_ERROR) return HttpResponse.error();
      if (isMockError(result)) return errorResponse(result);
      check(route, 'answer', schemas.response, result);
      return HttpResponse.json(result as Record<string, unknown>);
    },
    { once: options.once ?? false },
  );
  apiServer.use(handler);
  return log;
}

/** `'POST /orders/create'`: a method and a path of the contract table. */
export type RouteKey = {
  [P in EndpointPath]: `${MethodOf<P> & string} ${P}`;
}[EndpointPath];
type RoutePath<K extends RouteKey> = K extends `${string} ${infer P}` ? P & EndpointPath : never;
type RouteMethod<K extends RouteKey> = K extends `${infer M} ${string}` ? M & HttpMethod : never;
type RouteAnswer<K extends RouteKey> =
  | Answer<RoutePath<K>, RouteMethod<K>>
  | ((
      request: MockRequest,
    ) => Answer<RoutePath<K>, RouteMethod<K>> | Promise<Answer<RoutePath<K>, RouteMethod<K>>>);
export type MockRoutes = { [K in RouteKey]?: RouteAnswer<K> };
export type RouteCall = MockRequest & { route: RouteKey };

/**
 * Several routes at once (`{ 'GET /clients': answer, 'POST /clients/login': apiError(…) }`),
 * each through `mockApi`; returns every request answered, in order, and `callsTo(route)`.
 */
export function mockRoutes(routes: MockRoutes) {
  const calls: RouteCall[] = [];
  for (const [route, answer] of Object.entries(routes) as [RouteKey, RouteAnswer<RouteKey>][]) {
    const [method, path] = route.split(' ') as [HttpMethod, EndpointPath];
    mockApi(
      path,
      (request) => {
        calls.push({ ...request, route });
        return typeof answer === 'function' ? answer(request) : answer;
      },
      { method: method as never },
    );
  }
  return { calls, callsTo: (route: RouteKey) => calls.filter((call) => call.route === route) };
}

/** The server's error body for `code` (message from the contract's table unless given). */
export function apiError(code: ApiErrorCode, extra: Omit<MockError, 'error'> = {}): MockError {
  return { error: code, ...extra };
}

/** The status and body the server sends for an error answer. */
export function errorAnswer({ error, message, ...extra }: MockError) {
  const { status, message: fallback } = API_ERRORS[error];
  return { status, body: { code: error, message: message ?? fallback, ...extra } };
}

function errorResponse(error: MockError): Response {
  const { status, body } = errorAnswer(error);
  return HttpResponse.json(body, { status });
}

/**
 * Checks an answer given outside MSW (an upload's fake XMLHttpRequest) against the route's 200
 * schema; a mismatch fails the test like any other.
 */
export function checkAnswer<P extends EndpointPath>(
  path: P,
  method: MethodOf<P>,
  answer: unknown,
): void {
  const schemas = (ENDPOINTS[path] as Record<string, EndpointSchemas>)[method as string];
  check(`${String(method)} ${path}`, 'answer', schemas?.response, answer);
}

export function isMockError(value: unknown): value is MockError {
  return typeof value === 'object' && value !== null && 'error' in value && !('data' in value);
}

async function readBody(request: Request, schemas: EndpointSchemas): Promise<unknown> {
  if (schemas.multipart) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function check(route: string, part: string, schema: EndpointSchemas['body'], value: unknown) {
  if (!schema) {
    const empty =
      value === undefined ||
      value instanceof FormData ||
      (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
    if (!empty)
      violations.push(`${route}: the route takes no ${part}, got ${JSON.stringify(value)}`);
    return;
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    violations.push(`${route}: ${part} does not match the contract: ${result.error.message}`);
  }
}
