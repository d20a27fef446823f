import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { z } from 'zod';

/**
 * A signed-in client for journeys that do not test sign-up itself: made through the API
 * (SMS code from the sandbox outbox, the required consents), its token put where the app looks.
 */

export type TestClient = { phone: string; token: string };

/** Where the web app keeps the session token (apps/web/src/lib/storage.ts). */
export const TOKEN_STORAGE_KEY = 'zaymo.token';

const outboxSchema = z.object({ data: z.array(z.object({ body: z.string() })) });
const consentsSchema = z.object({
  data: z.object({ consents: z.array(z.object({ code: z.string(), required: z.boolean() })) }),
});
const sessionSchema = z.object({ data: z.object({ token: z.string() }) });

let phoneCounter = 0;

/** A mobile number no other journey of this run uses: «+799XXXXXXXX». */
export function uniquePhone(): string {
  phoneCounter += 1;
  const digits = `${Date.now() % 1_000_000}${phoneCounter % 100}`.padStart(8, '0').slice(-8);
  return `+799${digits}`;
}

async function json<T>(response: APIResponse, schema: z.ZodType<T>): Promise<T> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(
    true,
  );
  return schema.parse(await response.json());
}

/** The newest message the sandbox "sent" to this phone; empty when none. */
export async function latestSms(request: APIRequestContext, phone: string): Promise<string> {
  const outbox = await json(
    await request.get('/api/dev/outbox', { params: { recipient: phone, limit: 1 } }),
    outboxSchema,
  );
  return outbox.data[0]?.body ?? '';
}

/** The newest 6-digit code the sandbox "sent" to this phone. */
export async function readSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec(await latestSms(request, phone))?.[1];
  if (!code) throw new Error(`В песочнице нет SMS с кодом для ${phone}`);
  return code;
}

/**
 * The newest code in the outbox once it differs from `previous` (the code a new request sent).
 * A failed read counts as «not yet»: the poll asks again until its timeout.
 */
export async function nextSmsCode(
  request: APIRequestContext,
  phone: string,
  previous: string,
): Promise<string> {
  let code = previous;
  await expect
    .poll(async () => {
      code = await readSmsCode(request, phone).catch(() => previous);
      return code !== previous;
    })
    .toBe(true);
  return code;
}

/** Registers a new client with the required consents and returns its session. */
export async function signUpClient(
  request: APIRequestContext,
  phone: string = uniquePhone(),
): Promise<TestClient> {
  await json(
    await request.post('/api/sms/send_una', { data: { phone, purpose: 'signup' } }),
    z.unknown(),
  );
  const code = await readSmsCode(request, phone);
  const settings = await json(await request.get('/api/registration/settings'), consentsSchema);
  const consents = settings.data.consents.filter((c) => c.required).map((c) => c.code);
  const session = await json(
    await request.post('/api/clients/create', { data: { phone, code, consents } }),
    sessionSchema,
  );
  return { phone, token: session.data.token };
}

/** Every page of this test (any origin, before the app's scripts) starts signed in. */
export async function useSession(page: Page, client: TestClient): Promise<void> {
  await page.addInitScript(([key, token]) => window.localStorage.setItem(key, token), [
    TOKEN_STORAGE_KEY,
    client.token,
  ] as const);
}

/** A new client, signed in in this page. */
export async function signedInClient(page: Page): Promise<TestClient> {
  const client = await signUpClient(page.request);
  await useSession(page, client);
  return client;
}

/** Puts the client's token where the app looks, in this page's origin (once, not every load). */
export async function putToken(page: Page, token: string): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    TOKEN_STORAGE_KEY,
    token,
  ] as const);
}

/**
 * Days on the server clock end sessions (idle 7 days, absolute 30): after a move the client
 * signs in again by an SMS code, as a real one would.
 */
export async function signInAgain(page: Page, phone: string): Promise<void> {
  const previous = await readSmsCode(page.request, phone);
  const sent = await page.request.post('/api/sms/send_una', { data: { phone, purpose: 'signin' } });
  expect(sent.ok(), `/api/sms/send_una → ${sent.status()}`).toBe(true);
  const code = await nextSmsCode(page.request, phone, previous);
  const answer = await page.request.patch('/api/clients/verify_phone', { data: { phone, code } });
  expect(answer.ok(), `/api/clients/verify_phone → ${answer.status()}`).toBe(true);
  await putToken(page, sessionSchema.parse(await answer.json()).data.token);
}
