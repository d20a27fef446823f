import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/*
 * `fetch` over `app.inject()`: a request to any origin reaches this very app's router, with no
 * port and no network. The server uses it to call its own sandbox gateway (and the sandbox to
 * post notifications back), so the default install works behind any proxy or PUBLIC_URL, and
 * API tests run the whole card journey in-process.
 */

type Method = NonNullable<InjectOptions['method']>;

const NO_BODY_STATUSES: ReadonlySet<number> = new Set([101, 204, 205, 304]);

export function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const href = input instanceof Request ? input.url : String(input);
    const url = new URL(href);
    const reply = app.inject({
      method: (init?.method ?? 'GET').toUpperCase() as Method,
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: bodyText(init?.body),
    });
    return toResponse(await abortable(reply, init?.signal ?? undefined));
  };
}

function bodyText(body: RequestInit['body']): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  // The bureau's XML is windows-1251 bytes.
  if (body instanceof Uint8Array) return Buffer.from(body);
  throw new TypeError('inProcessFetch: only string, URLSearchParams and byte bodies are supported');
}

function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function toResponse(reply: LightMyRequestResponse): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(reply.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
  }
  const body = NO_BODY_STATUSES.has(reply.statusCode) ? null : reply.rawPayload;
  return new Response(body, { status: reply.statusCode, headers });
}
