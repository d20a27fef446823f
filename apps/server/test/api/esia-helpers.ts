import { esiaReturnResponseSchema } from '@zaymo/contract';
import { expect } from 'vitest';
import { type InjectResponse } from '../helpers/accounts';
import type { TestApp } from '../helpers/test-app';
import { formOf, openPage } from './cards-helpers';

/** What a browser does between «Войти через Госуслуги» and /social/callback, through the sandbox. */
export interface TripOptions {
  purpose: 'signin' | 'signup' | 'link' | 'biometrics';
  /** The test citizen's key (sandbox/esia/citizens.ts). */
  citizen?: string;
  /** A new account of that citizen (a fresh oid). */
  fresh?: boolean;
  /** The scopes ticked on the consent page; all that were asked by default. */
  scopes?: readonly string[];
  decision?: 'allow' | 'deny';
  headers?: Record<string, string>;
}

export interface Callback {
  /** The query the browser came back to /social/callback with. */
  query: URLSearchParams;
  /** The browser cookie /esia/start set. */
  cookie: string;
}

export async function startTrip(
  testApp: TestApp,
  purpose: TripOptions['purpose'],
  headers: Record<string, string> = {},
): Promise<{ url: URL; cookie: string }> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/esia/start',
    headers,
    payload: { purpose },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = String(response.headers['set-cookie']).split(';')[0] ?? '';
  return { url: new URL(response.json<{ data: { url: string } }>().data.url), cookie };
}

function postFields(testApp: TestApp, action: URL, fields: [string, string][]) {
  return testApp.app.inject({
    method: 'POST',
    url: `${action.pathname}${action.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

function redirectQuery(response: InjectResponse): URLSearchParams {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(302);
  return new URL(String(response.headers.location)).searchParams;
}

/** The login and consent pages of the sandbox ЕСИА, as a person would fill them. */
export async function throughLogin(
  testApp: TestApp,
  url: URL,
  options: TripOptions,
): Promise<URLSearchParams> {
  const page = await openPage(testApp, url);
  if (page.statusCode === 302) return redirectQuery(page);
  expect(page.statusCode, pageError(page.body)).toBe(200);
  const login = formOf(page.body, url);
  const fields: [string, string][] = [
    ...Object.entries(login.fields),
    ['citizen', options.citizen ?? '1001'],
    ...(options.fresh === false ? [] : ([['fresh', '1']] as [string, string][])),
  ];
  const consentPage = await postFields(testApp, login.action, fields);
  if (consentPage.statusCode === 302) return redirectQuery(consentPage);
  const consent = formOf(consentPage.body, login.action);
  const asked = [...consentPage.body.matchAll(/name="scope" value="([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
  const scopes = options.scopes ?? asked;
  return redirectQuery(
    await postFields(testApp, consent.action, [
      ...Object.entries(consent.fields),
      ...scopes.map((scope): [string, string] => ['scope', scope]),
      ['decision', options.decision ?? 'allow'],
    ]),
  );
}

/** The ЕБС sandbox page: «Сделать снимок и проверить». */
export async function throughBiometrics(testApp: TestApp, url: URL): Promise<URLSearchParams> {
  const page = await openPage(testApp, url);
  expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
  const form = formOf(page.body, url);
  return redirectQuery(await postFields(testApp, form.action, Object.entries(form.fields)));
}

export async function tripToCallback(testApp: TestApp, options: TripOptions): Promise<Callback> {
  const { url, cookie } = await startTrip(testApp, options.purpose, options.headers);
  const query =
    options.purpose === 'biometrics'
      ? await throughBiometrics(testApp, url)
      : await throughLogin(testApp, url, options);
  return { query, cookie };
}

export function returnFromEsia(
  testApp: TestApp,
  callback: Callback,
  headers: Record<string, string> = {},
): Promise<InjectResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/esia/return',
    headers: { ...headers, ...(callback.cookie ? { cookie: callback.cookie } : {}) },
    payload: Object.fromEntries(callback.query),
  });
}

export async function completeTrip(testApp: TestApp, options: TripOptions) {
  const response = await returnFromEsia(
    testApp,
    await tripToCallback(testApp, options),
    options.headers,
  );
  expect(response.statusCode, response.body).toBe(200);
  return esiaReturnResponseSchema.parse(response.json()).data;
}

/** The sandbox page's error, for a failing test's message. */
function pageError(html: string): string {
  return /role="alert">([^<]*)/.exec(html)?.[1] ?? html.slice(0, 300);
}
