import {
  API_ERRORS,
  apiErrorMessage,
  type AnswerOf,
  type ApiErrorCode,
  type EndpointSpec,
  type HttpMethod,
} from '@zaymo/contract';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { TableCall } from '../api-client';

/**
 * An app's API in tests: MSW handlers built from its endpoint table. Every request a handler
 * answers is checked against the route's params, query and body schemas, and every answer against
 * its 200 schema; a mismatch is recorded and fails the test (testing/setup.ts), as does a request
 * no handler answers.
 */

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
  /** The values of a text that has some (`MORATORIUM`'s date); the text is the table's. */
  params?: unknown;
  /** Only a generic code's own text (a field rule); a refusal's text comes from the table. */
  message?: string;
  fields?: Record<string, string>;
  /** Seconds before the next try (429 answers). */
  retry_after?: number;
  /** The page a refused card binding goes back to (POST /pay/callback/best2pay). */
  referer?: string;
};

/** An answer that never comes: the connection fails (fetch rejects). */
export const NETWORK_ERROR = Symbol('network error');

export type MockOptions<M extends HttpMethod> = {
  /** Needed only when the path answers more than one method. */
  method?: M;
  /** Answer once only (then the next handler, or an unhandled request). */
  once?: boolean;
};

export type CallLog = { calls: MockRequest[] };

type Table = Record<string, Partial<Record<HttpMethod, EndpointSpec>>>;
type MethodOf<T, P extends keyof T> = Extract<keyof T[P], HttpMethod>;
type Answer<T, P extends keyof T, M extends HttpMethod> =
  AnswerOf<TableCall<T, P, M>> | MockError | typeof NETWORK_ERROR;
type AnswerFor<T, P extends keyof T, M extends HttpMethod> =
  Answer<T, P, M> | ((request: MockRequest) => Answer<T, P, M> | Promise<Answer<T, P, M>>);

/** `'POST /orders/create'`: a method and a path of table `T`. */
export type RouteKey<T> = {
  [P in keyof T & string]: `${MethodOf<T, P> & string} ${P}`;
}[keyof T & string];
type RoutePath<T, K> = K extends `${string} ${infer P}` ? P & keyof T : never;
type RouteMethod<K> = K extends `${infer M} ${string}` ? M & HttpMethod : never;
export type MockRoutes<T> = {
  [K in RouteKey<T>]?: AnswerFor<T, RoutePath<T, K>, RouteMethod<K>>;
};
export type RouteCall<T> = MockRequest & { route: RouteKey<T> };

/** The MSW server of a test run (one per test file's process). */
export const apiServer = setupServer();

const violations: string[] = [];

/** Fails the running test (after it ends, with the contract mismatches) with this message. */
export function failTest(message: string): void {
  violations.push(message);
}

/** The contract mismatches since the last call (testing/setup.ts checks them after each test). */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

/** The server's error body for `code` (message from the contract's table unless given). */
export function apiError(code: ApiErrorCode, extra: Omit<MockError, 'error'> = {}): MockError {
  return { error: code, ...extra };
}

/** The status and body the server sends for an error answer. */
export function errorAnswer({ error, message, params, ...extra }: MockError) {
  const { status } = API_ERRORS[error];
  const text = (apiErrorMessage as (code: ApiErrorCode, params?: unknown) => string)(error, params);
  return { status, body: { code: error, message: message ?? text, ...extra } };
}

export function isMockError(value: unknown): value is MockError {
  return typeof value === 'object' && value !== null && 'error' in value && !('data' in value);
}

function errorResponse(error: MockError): Response {
  const { status, body } = errorAnswer(error);
  return HttpResponse.json(body, { status });
}

/** JSON parsed; a multipart body (schemas.multipart) as its FormData, fields and files. */
async function readBody(request: Request, schemas: EndpointSpec): Promise<unknown> {
  if (schemas.multipart) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function check(route: string, part: string, schema: EndpointSpec['body'], value: unknown) {
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

/** The mock builders of one endpoint table (`ENDPOINTS`, `CRM_ENDPOINTS`), served under `/api`. */
export function createMockApi<T extends Table>(table: T) {
  function schemasOf(path: string, method: string): EndpointSpec {
    const schemas = (table[path] as Record<string, EndpointSpec> | undefined)?.[method];
    if (!schemas) throw new Error(`${method} ${path} is not in the endpoint table`);
    return schemas;
  }

  /**
   * Answers `path` (a literal of the table) with `answer`, or with what `answer` returns for the
   * request. Returns the log of requests it answered.
   */
  function mockApi<P extends keyof T & string, M extends MethodOf<T, P> = MethodOf<T, P>>(
    path: P,
    answer: AnswerFor<T, P, M>,
    options: MockOptions<M> = {},
  ): CallLog {
    const methods = Object.keys(table[path] ?? {}) as M[];
    const method = options.method ?? (methods.includes('GET' as M) ? ('GET' as M) : methods[0]);
    if (method === undefined) throw new Error(`${path}: no method`);
    const schemas = schemasOf(path, method);
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

  /**
   * Several routes at once (`{ 'GET /clients': answer, 'POST /clients/login': apiError(…) }`),
   * each through `mockApi`; returns every request answered, in order, and `callsTo(route)`.
   */
  function mockRoutes(routes: MockRoutes<T>) {
    const calls: RouteCall<T>[] = [];
    type Handler = (request: MockRequest) => unknown;
    for (const [route, answer] of Object.entries(routes) as [RouteKey<T>, unknown][]) {
      const [method, path] = route.split(' ') as [HttpMethod, keyof T & string];
      mockApi(
        path,
        ((request: MockRequest) => {
          calls.push({ ...request, route });
          return typeof answer === 'function' ? (answer as Handler)(request) : answer;
        }) as never,
        { method: method as never },
      );
    }
    return {
      calls,
      callsTo: (route: RouteKey<T>) => calls.filter((call) => call.route === route),
    };
  }

  /**
   * Checks an answer given outside MSW (an upload's fake XMLHttpRequest) against the route's 200
   * schema; a mismatch fails the test like any other.
   */
  function checkAnswer<P extends keyof T & string>(
    path: P,
    method: MethodOf<T, P>,
    answer: unknown,
  ): void {
    const schemas = schemasOf(path, method as string);
    check(`${String(method)} ${path}`, 'answer', schemas.response, answer);
  }

  return { mockApi, mockRoutes, checkAnswer };
}
