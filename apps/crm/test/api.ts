import {
  API_ERRORS,
  CRM_ENDPOINTS,
  type ApiErrorCode,
  type CrmEndpointAnswer,
  type CrmEndpointPath,
  type CrmEndpoints,
  type EndpointSchemas,
  type HttpMethod,
} from '@zaymo/contract';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The console's API in tests: MSW handlers built from CRM_ENDPOINTS. Every request a handler
 * answers is checked against the route's params, query and body schemas and every answer
 * against its 200 schema; a mismatch fails the test (test/setup.ts), as does a request no
 * handler answers.
 */
export const apiServer = setupServer();

const violations: string[] = [];

export function takeContractViolations(): string[] {
  return violations.splice(0);
}

type MethodOf<P extends CrmEndpointPath> = Extract<keyof CrmEndpoints[P], HttpMethod>;

export type MockRequest = {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  headers: Headers;
};

/** An error answer as the server gives it: the code decides the status. */
export type MockError = { error: ApiErrorCode; message?: string; fields?: Record<string, string> };

type Answer<P extends CrmEndpointPath, M extends HttpMethod> = CrmEndpointAnswer<P, M> | MockError;

export type CallLog = { calls: MockRequest[] };

/** Answers `path` of the console's table with `answer` (or what it returns for the request). */
export function mockCrmApi<P extends CrmEndpointPath, M extends MethodOf<P> = MethodOf<P>>(
  path: P,
  answer: Answer<P, M> | ((request: MockRequest) => Answer<P, M>),
  options: { method?: M; once?: boolean } = {},
): CallLog {
  const methods = Object.keys(CRM_ENDPOINTS[path]) as M[];
  const method = options.method ?? (methods.includes('GET' as M) ? ('GET' as M) : methods[0]);
  const schemas = (CRM_ENDPOINTS[path] as Record<string, EndpointSchemas>)[String(method)];
  if (!method || !schemas) throw new Error(`${String(method)} ${path} is not in CRM_ENDPOINTS`);
  const route = `${String(method)} ${path}`;
  const log: CallLog = { calls: [] };
  const handler = http[String(method).toLowerCase() as Lowercase<HttpMethod>](
    `*/api${path}`,
    async ({ request, params }) => {
      const body = await readBody(request, schemas);
      const call: MockRequest = {
        params: Object.fromEntries(
          Object.entries(params).filter(([name]) => !/^\d+$/.test(name)),
        ) as Record<string, string>,
        query: Object.fromEntries(new URL(request.url).searchParams),
        body,
        headers: request.headers,
      };
      log.calls.push(call);
      check(route, 'params', schemas.params, call.params);
      check(route, 'query', schemas.query, call.query);
      check(route, 'body', schemas.body, call.body);
      const result: unknown =
        typeof answer === 'function' ? (answer as (request: MockRequest) => unknown)(call) : answer;
      if (isMockError(result)) return errorResponse(result);
      check(route, 'answer', schemas.response, result);
      return HttpResponse.json(result as Record<string, unknown>);
    },
    { once: options.once ?? false },
  );
  apiServer.use(handler);
  return log;
}

export function apiError(code: ApiErrorCode, extra: Omit<MockError, 'error'> = {}): MockError {
  return { error: code, ...extra };
}

function errorResponse({ error, message, fields }: MockError): Response {
  const { status, message: fallback } = API_ERRORS[error];
  return HttpResponse.json(
    { code: error, message: message ?? fallback, ...(fields ? { fields } : {}) },
    { status },
  );
}

function isMockError(value: unknown): value is MockError {
  return typeof value === 'object' && value !== null && 'error' in value && !('data' in value);
}

/** JSON parsed; a multipart body (schemas.multipart) as its FormData, fields and files. */
async function readBody(request: Request, schemas: EndpointSchemas): Promise<unknown> {
  if (schemas.multipart) return request.formData();
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

function check(route: string, part: string, schema: EndpointSchemas['body'], value: unknown) {
  if (!schema) {
    const empty =
      value === undefined ||
      value instanceof FormData ||
      (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
    if (!empty) violations.push(`${route}: takes no ${part}, got ${JSON.stringify(value)}`);
    return;
  }
  const result = schema.safeParse(value);
  if (!result.success)
    violations.push(`${route}: ${part} breaks the contract: ${result.error.message}`);
}
