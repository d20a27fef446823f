import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema';
import { hashSessionToken, revokeSession } from '../../src/services/sessions';
import { createClientWithSession } from '../helpers/factories';
import { expectRefusal } from '../helpers/refusal';
import { createTestApp, type TestApp } from '../helpers/test-app';

const MINUTE = 60_000;

describe('bearer-token authentication', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      env: {
        SESSION_IDLE_MINUTES: '60',
        SESSION_ABSOLUTE_MINUTES: '180',
        OPERATOR_SESSION_MINUTES: '30',
      },
    });
  });
  afterAll(() => testApp.close());

  const whoami = (headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url: '/api/test/whoami', headers });

  function expectUnauthorized(response: Awaited<ReturnType<typeof whoami>>) {
    expectRefusal(response, 'UNAUTHORIZED');
  }

  it('lets a client in with a valid token and sets request.session', async () => {
    const { client, session, headers } = await createClientWithSession(testApp);
    const response = await whoami(headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      sessionId: session.sessionId,
      clientId: client.id,
      operatorName: null,
    });
  });

  it('answers 401 without a token, with a malformed header and with an unknown token', async () => {
    expectUnauthorized(await whoami());
    expectUnauthorized(await whoami({ authorization: 'Basic dXNlcjpwYXNz' }));
    expectUnauthorized(await whoami({ authorization: 'Bearer ' }));
    expectUnauthorized(await whoami({ authorization: `Bearer ${'x'.repeat(43)}` }));
  });

  it('stores only the SHA-256 of the token', async () => {
    const { token, session } = await createClientWithSession(testApp);
    const [row] = await testApp.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, session.sessionId));
    expect(row?.tokenHash).toBe(hashSessionToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('answers 401 for a revoked session', async () => {
    const { session, headers } = await createClientWithSession(testApp);
    expect((await whoami(headers)).statusCode).toBe(200);
    await revokeSession(testApp.ctx, session.sessionId);
    expectUnauthorized(await whoami(headers));
  });

  it('expires a session left idle longer than the idle limit', async () => {
    const { headers } = await createClientWithSession(testApp);
    testApp.clock.advanceBy(59 * MINUTE);
    expect((await whoami(headers)).statusCode).toBe(200);
    testApp.clock.advanceBy(59 * MINUTE);
    expect((await whoami(headers)).statusCode).toBe(200);
    testApp.clock.advanceBy(61 * MINUTE);
    expectUnauthorized(await whoami(headers));
  });

  it('expires an active session at its absolute expiry', async () => {
    const { headers } = await createClientWithSession(testApp);
    for (let step = 0; step < 3; step += 1) {
      testApp.clock.advanceBy(50 * MINUTE);
      expect((await whoami(headers)).statusCode).toBe(200);
    }
    testApp.clock.advanceBy(31 * MINUTE);
    expectUnauthorized(await whoami(headers));
  });

  it('records when a session was last seen', async () => {
    const { session, headers } = await createClientWithSession(testApp);
    testApp.clock.advanceBy(5 * MINUTE);
    const expected = testApp.clock.now().getTime();
    await whoami(headers);
    const [row] = await testApp.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, session.sessionId));
    expect(Math.abs((row?.lastSeenAt.getTime() ?? 0) - expected)).toBeLessThan(2_000);
  });

  it('touches a session at most once a minute, so a read within a minute writes nothing', async () => {
    const { session, headers } = await createClientWithSession(testApp);
    const lastSeen = async () => {
      const [row] = await testApp.ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, session.sessionId));
      return { seen: row?.lastSeenAt.getTime(), idle: row?.idleExpiresAt.getTime() };
    };
    testApp.clock.advanceBy(2 * MINUTE);
    await whoami(headers);
    const touched = await lastSeen();
    testApp.clock.advanceBy(MINUTE / 2);
    expect((await whoami(headers)).statusCode).toBe(200);
    expect(await lastSeen()).toEqual(touched);
    testApp.clock.advanceBy(MINUTE / 2 + 1_000);
    expect((await whoami(headers)).statusCode).toBe(200);
    const later = await lastSeen();
    expect(later.seen).toBeGreaterThan(touched.seen ?? Infinity);
    expect(later.idle).toBeGreaterThan(touched.idle ?? Infinity);
  });

  it('keeps a session read every half hour alive past its idle limit', async () => {
    const { headers } = await createClientWithSession(testApp);
    for (let step = 0; step < 5; step += 1) {
      testApp.clock.advanceBy(30 * MINUTE);
      expect((await whoami(headers)).statusCode).toBe(200);
    }
  });

  it('lets an operator read but not sign, and logs both with the operator name', async () => {
    const { client, headers } = await createClientWithSession(testApp, {
      operatorName: 'Оператор Петрова',
    });
    const read = await whoami(headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ clientId: client.id, operatorName: 'Оператор Петрова' });

    const sign = await testApp.app.inject({ method: 'POST', url: '/api/test/sign', headers });
    expect(sign.statusCode).toBe(403);
    expectRefusal(sign, 'OPERATOR_FORBIDDEN', { action: 'money' });

    const events = (await testApp.logs.settled()).entries().filter((line) => line.security);
    expect(events).toContainEqual(
      expect.objectContaining({ security: 'operator_access', operator: 'Оператор Петрова' }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ security: 'operator_denied', clientId: client.id }),
    );
  });

  it('lets the client sign in person', async () => {
    const { headers } = await createClientWithSession(testApp);
    const sign = await testApp.app.inject({ method: 'POST', url: '/api/test/sign', headers });
    expect(sign.statusCode).toBe(200);
  });

  it('ends an operator session after its short lifetime', async () => {
    const { headers } = await createClientWithSession(testApp, { operatorName: 'Оператор Иванов' });
    testApp.clock.advanceBy(20 * MINUTE);
    expect((await whoami(headers)).statusCode).toBe(200);
    testApp.clock.advanceBy(11 * MINUTE);
    expectUnauthorized(await whoami(headers));
  });
});
