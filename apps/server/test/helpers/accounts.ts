import { sessionResponseSchema, type SmsPurpose } from '@zaymo/contract';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outboxMessages } from '../../src/db/schema';
import { uniquePhone } from './factories';
import type { TestApp } from './test-app';

let ipSequence = 0;

/** A new client IP for each call: tests must not share the per-IP hourly cap of SMS codes. */
export function uniqueIp(): string {
  ipSequence += 1;
  return `10.${(ipSequence >> 16) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;
}

export const ALL_CONSENTS = ['personal_data', 'terms', 'asp', 'bki', 'marketing'];
export const REQUIRED_CONSENTS = ['personal_data', 'terms', 'asp'];
export const GOOD_PASSWORD = 'Зелёный-чайник-42';

type Inject = TestApp['app']['inject'];
export type InjectResponse = Awaited<ReturnType<Inject>>;

export async function requestCode(
  testApp: TestApp,
  phone: string,
  purpose: Extract<SmsPurpose, 'signup' | 'signin' | 'reset'>,
  ip = uniqueIp(),
): Promise<InjectResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/sms/send_una',
    payload: { phone, purpose },
    remoteAddress: ip,
  });
}

/** The newest message the sandbox outbox holds for a recipient. */
export async function lastOutboxMessage(
  testApp: TestApp,
  recipient: string,
  channel?: 'sms' | 'email',
) {
  const [row] = await testApp.ctx.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.recipient, recipient),
        channel ? eq(outboxMessages.channel, channel) : undefined,
      ),
    )
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  if (!row) throw new Error(`nothing in the outbox for ${recipient}`);
  return row;
}

export async function lastCode(testApp: TestApp, phone: string): Promise<string> {
  const message = await lastOutboxMessage(testApp, phone, 'sms');
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`no code in «${message.body}»`);
  return code;
}

/** The link of the newest e-mail to an address. */
export async function lastLink(testApp: TestApp, email: string): Promise<URL> {
  const message = await lastOutboxMessage(testApp, email, 'email');
  const link = /https?:\/\/\S+/.exec(message.body)?.[0];
  if (!link) throw new Error(`no link in «${message.body}»`);
  return new URL(link);
}

/** A code that is not the right one. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

export interface SignedUp {
  phone: string;
  token: string;
  clientId: number;
  headers: { authorization: string };
}

/** The whole sign-up through the API: code by SMS, then /clients/create. */
export async function signUpThroughApi(
  testApp: TestApp,
  options: { phone?: string; password?: string; referer?: Record<string, string> } = {},
): Promise<SignedUp> {
  const phone = options.phone ?? uniquePhone();
  const ip = uniqueIp();
  expect((await requestCode(testApp, phone, 'signup', ip)).statusCode).toBe(200);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/clients/create',
    remoteAddress: ip,
    headers: { 'user-agent': 'Vitest/4 (API tests)' },
    payload: {
      phone,
      code: await lastCode(testApp, phone),
      consents: ALL_CONSENTS,
      ...(options.password ? { password: options.password } : {}),
      ...(options.referer ? { referer: options.referer } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { data } = sessionResponseSchema.parse(response.json());
  return {
    phone,
    token: data.token,
    clientId: data.client.id,
    headers: { authorization: `Bearer ${data.token}` },
  };
}

export function expectRussianError(response: InjectResponse, status: number): string {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ message: string }>();
  expect(body.message).toMatch(/[а-яё]/i);
  return body.message;
}
