import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema';
import { revokeSession, SESSION_TOUCH_INTERVAL_MS } from '../../src/services/sessions';
import { createClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';

/**
 * A signed-in read costs one round trip. The database's logger sees every
 * statement drizzle sends; the background jobs are off, so those sent while a request is in
 * flight are that request's.
 */
describe('a signed-in read', () => {
  let recording: string[] | null = null;
  let testApp: TestApp;
  beforeAll(async () => {
    const database = await openTestDatabase({
      logger: { logQuery: (query) => recording?.push(query) },
    });
    testApp = await createTestApp({
      database,
      env: { ACCRUAL_SECONDS: '0', SCORING_SWEEP_SECONDS: '0' },
    });
  });
  afterAll(() => testApp.close());

  /** The statements sent to the database while `work` runs. */
  async function recorded<T>(work: () => Promise<T>) {
    const statements: string[] = [];
    recording = statements;
    try {
      return { result: await work(), statements };
    } finally {
      recording = null;
    }
  }

  async function get(url: string, headers: Record<string, string>) {
    const { result: response, statements } = await recorded(() =>
      testApp.app.inject({ method: 'GET', url, headers }),
    );
    return { response, statements };
  }

  async function lastSeen(sessionId: number): Promise<number | undefined> {
    const [row] = await testApp.ctx.db
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return row?.lastSeenAt.getTime();
  }

  it('GET /api/clients is one statement: the session and its client together', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    const { response, statements } = await get('/api/clients', headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.client).toMatchObject({ id: client.id, phone: client.phone });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/"sessions".*"clients"/s);
  });

  it('touches the session at most once a minute, in a second statement', async () => {
    const { session, headers } = await createClientWithSession(testApp);
    const created = await lastSeen(session.sessionId);
    testApp.clock.advanceBy(SESSION_TOUCH_INTERVAL_MS - 1_000);
    const withinTheMinute = await get('/api/clients', headers);
    expect(withinTheMinute.statements).toHaveLength(1);
    expect(await lastSeen(session.sessionId)).toBe(created);

    testApp.clock.advanceBy(2_000);
    const { response, statements } = await get('/api/clients', headers);
    expect(response.statusCode).toBe(200);
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/^update "sessions"/);
    const touched = await lastSeen(session.sessionId);
    expect(touched).toBeGreaterThan((created ?? Infinity) + SESSION_TOUCH_INTERVAL_MS);

    testApp.clock.advanceBy(1_000);
    expect((await get('/api/clients', headers)).statements).toHaveLength(1);
    expect(await lastSeen(session.sessionId)).toBe(touched);
  });

  it("sends one touch for a client's concurrent requests once the minute has passed", async () => {
    const { headers } = await createClientWithSession(testApp);
    testApp.clock.advanceBy(SESSION_TOUCH_INTERVAL_MS + 1_000);
    const { result: responses, statements } = await recorded(() =>
      Promise.all(
        Array.from({ length: 5 }, () =>
          testApp.app.inject({ method: 'GET', url: '/api/clients', headers }),
        ),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(statements.filter((statement) => /^update "sessions"/.test(statement))).toHaveLength(1);
  });

  it('keeps a session that is used alive past its idle limit, and ends an idle one', async () => {
    const idleMs = testApp.ctx.config.session.idleMinutes * 60_000;
    const used = await createClientWithSession(testApp);
    const idle = await createClientWithSession(testApp);
    testApp.clock.advanceBy(idleMs / 2);
    expect((await get('/api/clients', used.headers)).response.statusCode).toBe(200);
    testApp.clock.advanceBy(idleMs / 2);
    expect((await get('/api/clients', used.headers)).response.statusCode).toBe(200);
    expect((await get('/api/clients', idle.headers)).response.statusCode).toBe(401);
  });

  it("answers an operator's session from the same statement", async () => {
    const { client, headers } = await createClientWithSession(testApp, {
      operatorName: 'Петрова',
    });
    const { response, statements } = await get('/api/clients', headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.client).toMatchObject({
      id: client.id,
      is_operator_session: true,
      operator_name: 'Петрова',
    });
    expect(statements).toHaveLength(1);
  });

  it('GET /api/clients/last_referer is one statement too', async () => {
    const { headers } = await createClientWithSession(testApp);
    const { response, statements } = await get('/api/clients/last_referer', headers);
    expect(response.statusCode).toBe(200);
    expect(statements).toHaveLength(1);
  });

  it('keeps nothing in memory: the next request after a revocation is refused', async () => {
    const { session, headers } = await createClientWithSession(testApp);
    expect((await get('/api/clients', headers)).response.statusCode).toBe(200);
    await revokeSession(testApp.ctx, session.sessionId);
    const { response, statements } = await get('/api/clients', headers);
    expect(response.statusCode).toBe(401);
    expect(statements).toHaveLength(1);
  });

  describe('concurrent requests', () => {
    const sessionReads = (statements: string[]) =>
      statements.filter((statement) => /"sessions".*"clients"/s.test(statement));

    async function getAll(headersOfEach: Record<string, string>[]) {
      return recorded(() =>
        Promise.all(
          headersOfEach.map((headers) =>
            testApp.app.inject({ method: 'GET', url: '/api/clients', headers }),
          ),
        ),
      );
    }

    it('look their sessions up in one statement, each answered with its own client', async () => {
      const signedIn = await Promise.all([1, 2, 3].map(() => createClientWithSession(testApp)));
      const { result: responses, statements } = await getAll([
        ...signedIn.map(({ headers }) => headers),
        signedIn[0]!.headers,
      ]);
      expect(statements).toHaveLength(1);
      expect(responses.map((response) => response.json().data.client.id)).toEqual([
        ...signedIn.map(({ client }) => client.id),
        signedIn[0]!.client.id,
      ]);
    });

    it('refuse a revoked or unknown token looked up together with live ones', async () => {
      const [live, revoked] = await Promise.all([1, 2].map(() => createClientWithSession(testApp)));
      await revokeSession(testApp.ctx, revoked!.session.sessionId);
      const unknown = { authorization: `Bearer ${'x'.repeat(43)}` };
      const { result: responses, statements } = await getAll([
        revoked!.headers,
        live!.headers,
        unknown,
      ]);
      expect(statements).toHaveLength(1);
      expect(responses.map((response) => response.statusCode)).toEqual([401, 200, 401]);
      expect(responses[1]!.json().data.client.id).toBe(live!.client.id);
    });

    it('go in several statements when there are more than one statement holds', async () => {
      const signedIn = await Promise.all(
        Array.from({ length: 70 }, () => createClientWithSession(testApp)),
      );
      const { result: responses, statements } = await getAll(
        signedIn.map(({ headers }) => headers),
      );
      expect(sessionReads(statements)).toHaveLength(2);
      expect(responses.map((response) => response.json().data.client.id)).toEqual(
        signedIn.map(({ client }) => client.id),
      );
    });
  });
});
