import { request } from 'node:https';
import type { AppContext } from '../../src/context';
import type { OpenDatabase } from '../../src/db';
import type { TestApp } from '../helpers/test-app';

/*
 * The API tests' helpers drive `testApp.app.inject()`. Here the same helpers go over real HTTPS
 * through nginx: each call is a request to nginx (TLS checked against the test certificate), and
 * `remoteAddress` becomes X-Forwarded-For, which nginx extends and the servers trust from it.
 */

interface InjectOptions {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
  remoteAddress?: string;
}

export interface HttpsAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  rawPayload: Buffer;
  json<T = unknown>(): T;
}

export function httpsRequest(
  base: { port: number; ca: string },
  options: InjectOptions,
): Promise<HttpsAnswer> {
  const { body, type } = encode(options.payload);
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (type && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['content-type'] = type;
  }
  if (options.remoteAddress) headers['x-forwarded-for'] = options.remoteAddress;
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port: base.port,
        method: options.method,
        path: options.url,
        headers,
        ca: base.ca,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const rawPayload = Buffer.concat(chunks);
          const text = rawPayload.toString('utf8');
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            body: text,
            rawPayload,
            json: <T>() => JSON.parse(text) as T,
          });
        });
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    if (body) call.write(body);
    call.end();
  });
}

function encode(payload: unknown): { body: Buffer | null; type: string | null } {
  if (payload === undefined) return { body: null, type: null };
  if (Buffer.isBuffer(payload)) return { body: payload, type: null };
  if (typeof payload === 'string') return { body: Buffer.from(payload), type: null };
  return { body: Buffer.from(JSON.stringify(payload)), type: 'application/json' };
}

/** Enough of a TestApp for the journey helpers: inject over HTTPS, the database, the config. */
export function httpsTestApp(
  base: { port: number; ca: string },
  database: OpenDatabase,
  config: AppContext['config'],
): TestApp {
  const app = { inject: (options: InjectOptions) => httpsRequest(base, options) };
  const ctx = { config, db: database.db, dbKind: database.kind };
  const clock = { now: () => new Date() };
  return { app, ctx, clock } as unknown as TestApp;
}
