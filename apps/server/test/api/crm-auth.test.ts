import { CRM_SESSION_IDLE_MINUTES, CRM_SESSION_MAX_HOURS } from '@zaymo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmAudit, staff } from '../../src/db/schema';
import { STAFF_ADDRESS_LIMIT, STAFF_LOCKOUT } from '../../src/services/staff/sign-in-lockout';
import { DEMO_ADMIN } from '../../src/services/staff/demo';
import { createClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  createStaffMember,
  currentCode,
  nextTotpStep,
  postPassword,
  postTotp,
  signIn,
  staffHeaders,
} from './crm-helpers';
import { expectRefusal } from '../helpers/refusal';

const MINUTE = 60_000;

async function actionsOf(testApp: TestApp, login: string): Promise<string[]> {
  const rows = await testApp.ctx.db
    .select({ action: crmAudit.action })
    .from(crmAudit)
    .where(eq(crmAudit.login, login))
    .orderBy(crmAudit.id);
  return rows.map((row) => row.action);
}

function me(testApp: TestApp, headers: Record<string, string>) {
  return testApp.app.inject({ method: 'GET', url: '/api/crm/me', headers });
}

describe('operator console sign-in: password, then TOTP', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('enrolls TOTP on the first sign-in and asks for the code afterwards', async () => {
    const member = await createStaffMember(testApp, 'operator', { name: 'Петрова Анна' });
    const first = await postPassword(testApp, member.row.login, member.password);
    expect(first.statusCode).toBe(200);
    const answer = first.json().data;
    expect(answer.totp).toBe('enroll');
    expect(answer.enrollment.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(answer.enrollment.otpauth_url).toContain(`otpauth://totp/`);
    expect(answer.enrollment.otpauth_url).toContain(encodeURIComponent(member.row.login));
    expect(answer.enrollment.qr_svg).toMatch(/^<svg/);

    const code = await currentCode(testApp, answer.enrollment.secret);
    const second = await postTotp(testApp, answer.ticket, code);
    expect(second.statusCode, second.body).toBe(200);
    const session = second.json().data;
    expect(session.token).toMatch(/^crm_/);
    expect(session.staff).toEqual({
      id: member.row.id,
      login: member.row.login,
      name: 'Петрова Анна',
      role: 'operator',
    });
    const whoAmI = await me(testApp, { authorization: `Bearer ${session.token}` });
    expect(whoAmI.json().data.staff.login).toBe(member.row.login);

    nextTotpStep(testApp);
    const again = await postPassword(testApp, member.row.login, member.password);
    expect(again.json().data.totp).toBe('verify');
    expect(again.json().data.enrollment).toBeUndefined();
    const code2 = await currentCode(testApp, answer.enrollment.secret);
    expect((await postTotp(testApp, again.json().data.ticket, code2)).statusCode).toBe(200);
    expect(await actionsOf(testApp, member.row.login)).toEqual([
      'totp_enrolled',
      'sign_in',
      'sign_in',
    ]);
    const [row] = await testApp.ctx.db.select().from(staff).where(eq(staff.id, member.row.id));
    expect(row?.totpSecretSealed).not.toContain(answer.enrollment.secret);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('enrols the first secret confirmed; a second enrolment ticket cannot replace it', async () => {
    const member = await createStaffMember(testApp, 'operator');
    const first = (await postPassword(testApp, member.row.login, member.password)).json().data;
    const second = (await postPassword(testApp, member.row.login, member.password)).json().data;
    expect([first.totp, second.totp]).toEqual(['enroll', 'enroll']);
    expect(second.enrollment.secret).not.toBe(first.enrollment.secret);

    const enrolled = await postTotp(
      testApp,
      first.ticket,
      await currentCode(testApp, first.enrollment.secret),
    );
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    nextTotpStep(testApp);
    const swap = await postTotp(
      testApp,
      second.ticket,
      await currentCode(testApp, second.enrollment.secret),
    );
    expectRefusal(swap, 'STAFF_SIGN_IN_EXPIRED');

    // The first secret still signs in; the second never does.
    nextTotpStep(testApp);
    const again = (await postPassword(testApp, member.row.login, member.password)).json().data;
    expect(again.totp).toBe('verify');
    const wrongSecret = await postTotp(
      testApp,
      again.ticket,
      await currentCode(testApp, second.enrollment.secret),
    );
    expect(wrongSecret.statusCode).toBe(401);
    const rightSecret = await postTotp(
      testApp,
      again.ticket,
      await currentCode(testApp, first.enrollment.secret),
    );
    expect(rightSecret.statusCode, rightSecret.body).toBe(200);
    expect(await actionsOf(testApp, member.row.login)).toEqual([
      'totp_enrolled',
      'sign_in',
      'totp_failed',
      'sign_in',
    ]);
  });

  it('refuses a wrong code, a reused code and an expired ticket', async () => {
    const member = await createStaffMember(testApp, 'risk');
    const { secret, code: used } = await signIn(testApp, member);

    // The code just used cannot open a second session (the very code: the clock may have moved
    // to the next step since, whose code would be a new one).
    const replay = await postPassword(testApp, member.row.login, member.password);
    const reused = await postTotp(testApp, replay.json().data.ticket, used);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('TOTP_INVALID');

    const code = await currentCode(testApp, secret);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    nextTotpStep(testApp);
    const ticket = (await postPassword(testApp, member.row.login, member.password)).json().data
      .ticket;
    const refused = await postTotp(testApp, ticket, wrong);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'TOTP_INVALID' });

    testApp.clock.advanceBy(6 * MINUTE);
    const late = await postTotp(testApp, ticket, await currentCode(testApp, secret));
    expectRefusal(late, 'STAFF_SIGN_IN_EXPIRED');
    expect(await actionsOf(testApp, member.row.login)).toEqual([
      'totp_enrolled',
      'sign_in',
      'totp_failed',
      'totp_failed',
    ]);
  });

  it('answers a wrong password and an unknown login alike, and audits both', async () => {
    const member = await createStaffMember(testApp, 'operator');
    const wrong = await postPassword(testApp, member.row.login, 'Не-тот-пароль-совсем');
    const unknown = await postPassword(testApp, 'no-such-login', 'Не-тот-пароль-совсем');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(await actionsOf(testApp, member.row.login)).toEqual(['sign_in_failed']);
    const [entry] = await testApp.ctx.db
      .select()
      .from(crmAudit)
      .where(and(eq(crmAudit.login, 'no-such-login'), eq(crmAudit.action, 'sign_in_failed')));
    expect(entry).toMatchObject({ staffId: null, ip: '10.1.1.1', userAgent: 'crm-test' });
    expect(entry?.details).toMatchObject({ login: 'no-such-login', reason: 'unknown_login' });
  });

  it('locks a login after repeated failures, even for the right password, until the window ends', async () => {
    const member = await createStaffMember(testApp, 'admin');
    for (let attempt = 0; attempt < STAFF_LOCKOUT.max; attempt += 1) {
      const response = await postPassword(testApp, member.row.login, `Неверный-пароль-${attempt}`);
      expect(response.statusCode).toBe(401);
    }
    const locked = await postPassword(testApp, member.row.login, member.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('STAFF_LOCKED');
    expect(locked.json().retry_after).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBe(locked.json().retry_after);
    expect((await actionsOf(testApp, member.row.login)).at(-1)).toBe('locked_out');

    testApp.clock.advanceBy(STAFF_LOCKOUT.windowMs + MINUTE);
    await signIn(testApp, member);
  });

  it('refuses an address that fails on many logins (spraying), not another address, until the window ends', async () => {
    const sprayer = '10.9.9.9';
    const victims = await Promise.all(
      Array.from({ length: 5 }, () => createStaffMember(testApp, 'operator')),
    );
    for (let attempt = 0; attempt < STAFF_ADDRESS_LIMIT.max; attempt += 1) {
      // Four failures per login, one fewer than its lock-out: only the address adds up.
      const login = victims[attempt % victims.length]!.row.login;
      const response = await postPassword(testApp, login, `Весна-2026-${attempt}`, sprayer);
      expect(response.statusCode).toBe(401);
    }
    const victim = victims[0]!;
    // Right password, login not locked, but the address is refused.
    const refused = await postPassword(testApp, victim.row.login, victim.password, sprayer);
    expectRefusal(refused, 'STAFF_ADDRESS_LIMIT', { seconds: refused.json().retry_after });
    expect(Number(refused.headers['retry-after'])).toBe(refused.json().retry_after);
    expect((await actionsOf(testApp, victim.row.login)).at(-1)).toBe('locked_out');

    // The same staff member from their own address is not refused.
    expect(
      (await postPassword(testApp, victim.row.login, victim.password, '10.2.2.2')).statusCode,
    ).toBe(200);

    testApp.clock.advanceBy(STAFF_ADDRESS_LIMIT.windowMs + MINUTE);
    expect(
      (await postPassword(testApp, victim.row.login, victim.password, sprayer)).statusCode,
    ).toBe(200);
  });

  /** The statuses of `count` requests sent at once, tallied: { 401: 5, 429: 45 }. */
  async function atOnce(count: number, send: (index: number) => Promise<{ statusCode: number }>) {
    const responses = await Promise.all(Array.from({ length: count }, (_, index) => send(index)));
    const tally: Record<number, number> = {};
    for (const { statusCode } of responses) tally[statusCode] = (tally[statusCode] ?? 0) + 1;
    return tally;
  }

  async function auditCount(action: string, where: { login?: string; ip?: string }) {
    const rows = await testApp.ctx.db
      .select({ id: crmAudit.id })
      .from(crmAudit)
      .where(
        and(
          eq(crmAudit.action, action),
          where.login === undefined ? undefined : eq(crmAudit.login, where.login),
          where.ip === undefined ? undefined : eq(crmAudit.ip, where.ip),
        ),
      );
    return rows.length;
  }

  it('checks exactly the lock-out’s number of 50 wrong passwords sent at once for one login', async () => {
    const member = await createStaffMember(testApp, 'operator');
    const login = member.row.login;
    const tally = await atOnce(50, (index) =>
      postPassword(testApp, login, `Неверный-пароль-${index}`, `10.50.${index}.1`),
    );
    expect(tally).toEqual({ 401: STAFF_LOCKOUT.max, 429: 50 - STAFF_LOCKOUT.max });
    expect(await auditCount('sign_in_failed', { login })).toBe(STAFF_LOCKOUT.max);
  });

  it('checks exactly the address limit of 50 logins tried at once from one address', async () => {
    const ip = '10.51.0.1';
    const tally = await atOnce(50, (index) =>
      postPassword(testApp, `no-such-login-${index}`, 'Весна-2026-пароль', ip),
    );
    expect(tally).toEqual({ 401: STAFF_ADDRESS_LIMIT.max, 429: 50 - STAFF_ADDRESS_LIMIT.max });
    expect(await auditCount('sign_in_failed', { ip })).toBe(STAFF_ADDRESS_LIMIT.max);
  });

  it('checks exactly the lock-out’s number of 50 wrong codes sent at once with one ticket', async () => {
    const member = await createStaffMember(testApp, 'operator');
    const { secret } = await signIn(testApp, member);
    nextTotpStep(testApp);
    const ticket = (await postPassword(testApp, member.row.login, member.password)).json().data
      .ticket;
    const right = Number(await currentCode(testApp, secret));
    const tally = await atOnce(50, (index) => {
      const wrong = String((right + 1 + index) % 1_000_000).padStart(6, '0');
      return postTotp(testApp, ticket, wrong, `10.52.${index}.1`);
    });
    expect(tally).toEqual({ 401: STAFF_LOCKOUT.max, 429: 50 - STAFF_LOCKOUT.max });
    expect(await auditCount('totp_failed', { login: member.row.login })).toBe(STAFF_LOCKOUT.max);
  });

  it('ends a session after the idle time and after the absolute time, and at logout', async () => {
    const member = await createStaffMember(testApp, 'operator');
    const idle = await staffHeaders(testApp, member.row.id);
    testApp.clock.advanceBy((CRM_SESSION_IDLE_MINUTES - 1) * MINUTE);
    expect((await me(testApp, idle)).statusCode).toBe(200);
    testApp.clock.advanceBy((CRM_SESSION_IDLE_MINUTES + 1) * MINUTE);
    expect((await me(testApp, idle)).statusCode).toBe(401);

    const busy = await staffHeaders(testApp, member.row.id);
    const steps = (CRM_SESSION_MAX_HOURS * 60) / 20;
    for (let step = 0; step < steps - 1; step += 1) {
      testApp.clock.advanceBy(20 * MINUTE);
      expect((await me(testApp, busy)).statusCode).toBe(200);
    }
    testApp.clock.advanceBy(21 * MINUTE);
    expect((await me(testApp, busy)).statusCode).toBe(401);

    const leaving = await staffHeaders(testApp, member.row.id);
    const out = await testApp.app.inject({
      method: 'POST',
      url: '/api/crm/auth/logout',
      headers: leaving,
    });
    expect(out.statusCode).toBe(200);
    expect((await me(testApp, leaving)).statusCode).toBe(401);
  });

  it('a blocked staff member cannot sign in and their sessions end', async () => {
    const admin = await createStaffMember(testApp, 'admin');
    const member = await createStaffMember(testApp, 'operator');
    const { headers } = await signIn(testApp, member);
    const block = await testApp.app.inject({
      method: 'POST',
      url: `/api/crm/staff/${member.row.id}/block`,
      headers: await staffHeaders(testApp, admin.row.id),
    });
    expect(block.statusCode).toBe(200);
    expect(block.json().data.staff.blocked_at).not.toBeNull();
    expect((await me(testApp, headers)).statusCode).toBe(401);
    nextTotpStep(testApp);
    const again = await postPassword(testApp, member.row.login, member.password);
    expect(again.statusCode).toBe(401);
  });
});

describe('operator sessions end with the console sessions that opened them', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  async function operatorLink(clientId: number, headers: { authorization: string }) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/crm/clients/${clientId}/operator-link`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const token = new URL(response.json<{ data: { url: string } }>().data.url).searchParams.get(
      'token',
    );
    return { authorization: `Bearer ${token}` };
  }

  async function cabinet(headers: { authorization: string }) {
    return (await testApp.app.inject({ method: 'GET', url: '/api/clients', headers })).statusCode;
  }

  it('a logout ends the links of its session; a block ends every link the person opened', async () => {
    const client = await createClientWithSession(testApp);
    const admin = await createStaffMember(testApp, 'admin');
    const member = await createStaffMember(testApp, 'operator');
    const first = await staffHeaders(testApp, member.row.id);
    const second = await staffHeaders(testApp, member.row.id);
    const fromFirst = await operatorLink(client.client.id, first);
    const fromSecond = await operatorLink(client.client.id, second);
    const byColleague = await operatorLink(
      client.client.id,
      await staffHeaders(testApp, admin.row.id),
    );
    expect([await cabinet(fromFirst), await cabinet(fromSecond)]).toEqual([200, 200]);

    const out = await testApp.app.inject({
      method: 'POST',
      url: '/api/crm/auth/logout',
      headers: first,
    });
    expect(out.statusCode).toBe(200);
    expect([await cabinet(fromFirst), await cabinet(fromSecond)]).toEqual([401, 200]);

    const block = await testApp.app.inject({
      method: 'POST',
      url: `/api/crm/staff/${member.row.id}/block`,
      headers: await staffHeaders(testApp, admin.row.id),
    });
    expect(block.statusCode).toBe(200);
    expect(await cabinet(fromSecond)).toBe(401);
    // Someone else's link and the client's own session go on.
    expect(await cabinet(byColleague)).toBe(200);
    expect(await cabinet(client.headers)).toBe(200);
  });
});

describe('staff and client tokens never open each other’s routes', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('a client token gets 401 on a staff route, a staff token 401 on a client route', async () => {
    const client = await createClientWithSession(testApp);
    const member = await createStaffMember(testApp, 'admin');
    const staff = await staffHeaders(testApp, member.row.id);

    expect((await me(testApp, client.headers)).statusCode).toBe(401);
    const asClient = await testApp.app.inject({
      method: 'GET',
      url: '/api/clients',
      headers: staff,
    });
    expect(asClient.statusCode).toBe(401);
    // The same staff token opens its own routes, the client's token its own.
    expect((await me(testApp, staff)).statusCode).toBe(200);
    const own = await testApp.app.inject({
      method: 'GET',
      url: '/api/clients',
      headers: client.headers,
    });
    expect(own.statusCode).toBe(200);

    // An operator's session opened by the console is a client session: no staff route either.
    const link = await testApp.app.inject({
      method: 'POST',
      url: `/api/crm/clients/${client.client.id}/operator-link`,
      headers: staff,
    });
    const operatorToken = new URL(link.json().data.url).searchParams.get('token') ?? '';
    expect((await me(testApp, { authorization: `Bearer ${operatorToken}` })).statusCode).toBe(401);
  });
});

describe('the demo admin', () => {
  it('the sandbox seeds one and shows its credentials; it signs in with them', async () => {
    const testApp = await createTestApp();
    try {
      const demo = await testApp.app.inject({ method: 'GET', url: '/api/dev/crm-demo' });
      expect(demo.statusCode).toBe(200);
      const credentials = demo.json().data;
      expect(credentials.login).toBe(DEMO_ADMIN.login);
      // Public knowledge, yet never in the log: a log is no place for a password or a secret.
      expect(testApp.logs.text()).toContain('демо-администратор консоли');
      expect(testApp.logs.text()).not.toContain(credentials.password);
      expect(testApp.logs.text()).not.toContain(credentials.totp_secret);
      const [row] = await testApp.ctx.db.select().from(staff).where(eq(staff.login, 'demo-admin'));
      expect(row?.role).toBe('admin');
      const member = { row: row ?? (undefined as never), password: credentials.password };
      const first = await postPassword(testApp, member.row.login, member.password);
      expect(first.json().data.totp).toBe('verify');
      // The code /dev/test shows is the one the authenticator app would show.
      expect(credentials.current_code).toBe(await currentCode(testApp, credentials.totp_secret));
      const session = await postTotp(testApp, first.json().data.ticket, credentials.current_code);
      expect(session.statusCode).toBe(200);
      expect(session.json().data.staff.role).toBe('admin');
    } finally {
      await testApp.close();
    }
  });

  it.each([
    ['production', { NODE_ENV: 'production' }],
    ['a staging server (production with the sandbox)', { NODE_ENV: 'production', SANDBOX: 'true' }],
    ['a sandbox on every address', { HOST: '0.0.0.0' }],
    ['a sandbox behind a proxy', { TRUST_PROXY: '127.0.0.1' }],
  ])('%s seeds no demo admin and hands out no credentials', async (_, env) => {
    const testApp = await createTestApp({ env });
    try {
      expect(await testApp.ctx.db.select().from(staff)).toEqual([]);
      const demo = await testApp.app.inject({ method: 'GET', url: '/api/dev/crm-demo' });
      expect(demo.statusCode).toBe(404);
      const signIn = await postPassword(testApp, DEMO_ADMIN.login, DEMO_ADMIN.password);
      expect(signIn.statusCode).toBe(401);
      expect(testApp.logs.text()).not.toContain(DEMO_ADMIN.password);
    } finally {
      await testApp.close();
    }
  });
});
