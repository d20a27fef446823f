import type { StaffRole } from '@zaymo/contract';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { StaffRow } from '../../src/db/schema';
import { createStaff } from '../../src/services/staff/accounts';
import { issueStaffSession } from '../../src/services/staff/sessions';
import { totpCode, totpEpoch, TOTP_PERIOD_SECONDS } from '../../src/services/staff/totp';
import type { TestApp } from '../helpers/test-app';

/** Passes the staff password rules: long, not common, not the login or the name. */
export const STAFF_PASSWORD = 'Синий-маяк-над-Волгой-17';

let loginSequence = 0;

export function uniqueLogin(prefix = 'staff'): string {
  loginSequence += 1;
  return `${prefix}-${loginSequence}-${randomBytes(3).toString('hex')}`;
}

export interface StaffMember {
  row: StaffRow;
  password: string;
}

export async function createStaffMember(
  testApp: TestApp,
  role: StaffRole,
  options: { login?: string; name?: string } = {},
): Promise<StaffMember> {
  const row = await createStaff(
    testApp.ctx,
    {
      login: options.login ?? uniqueLogin(role),
      name: options.name ?? `Сотрудник ${role}`,
      role,
      password: STAFF_PASSWORD,
    },
    null,
  );
  return { row, password: STAFF_PASSWORD };
}

/** A staff session without the sign-in steps (for tests of what a session may do). */
export async function staffHeaders(
  testApp: TestApp,
  staffId: number,
): Promise<{ authorization: string }> {
  const { token } = await issueStaffSession(testApp.ctx, staffId);
  return { authorization: `Bearer ${token}` };
}

/** The code an authenticator app shows now (the test app's clock). */
export function currentCode(testApp: TestApp, secret: string): Promise<string> {
  return totpCode(secret, totpEpoch(testApp.clock));
}

/** Moves the clock to the next TOTP step: a code once used is never accepted again. */
export function nextTotpStep(testApp: TestApp): void {
  testApp.clock.advanceBy(TOTP_PERIOD_SECONDS * 1000);
}

export function postPassword(testApp: TestApp, login: string, password: string, ip = '10.1.1.1') {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/crm/auth/password',
    payload: { login, password },
    remoteAddress: ip,
    headers: { 'user-agent': 'crm-test' },
  });
}

export function postTotp(testApp: TestApp, ticket: string, code: string, ip = '10.1.1.1') {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/crm/auth/totp',
    payload: { ticket, code },
    remoteAddress: ip,
    headers: { 'user-agent': 'crm-test' },
  });
}

interface PasswordAnswer {
  ticket: string;
  totp: 'verify' | 'enroll';
  enrollment?: { secret: string; otpauth_url: string; qr_svg: string };
}

/**
 * Both sign-in steps through the API. `secret`: the staff member's TOTP secret when enrolled
 * (the enrollment's secret is used on the first sign-in). Returns the token, the secret and the
 * code the second step used.
 */
export async function signIn(
  testApp: TestApp,
  member: StaffMember,
  secret?: string,
): Promise<{ token: string; secret: string; code: string; headers: { authorization: string } }> {
  const first = await postPassword(testApp, member.row.login, member.password);
  expect(first.statusCode, first.body).toBe(200);
  const answer = first.json<{ data: PasswordAnswer }>().data;
  const totpSecret = answer.enrollment?.secret ?? secret;
  if (!totpSecret) throw new Error('no TOTP secret for a staff member who has one');
  const code = await currentCode(testApp, totpSecret);
  const second = await postTotp(testApp, answer.ticket, code);
  expect(second.statusCode, second.body).toBe(200);
  const token = second.json<{ data: { token: string } }>().data.token;
  return { token, secret: totpSecret, code, headers: { authorization: `Bearer ${token}` } };
}
