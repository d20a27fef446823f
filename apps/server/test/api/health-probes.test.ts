import { errorResponseSchema, liveResponseSchema, readyResponseSchema } from '@zaymo/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { knownMigrations } from '../../src/db/migrations';
import { READINESS_DATABASE_DEADLINE_MS } from '../../src/http/health';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectRefusal } from '../helpers/refusal';

describe('liveness and readiness', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('is live and ready on a migrated database, with every migration of this build', async () => {
    const live = await testApp.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(liveResponseSchema.parse(live.json()).status).toBe('ok');
    const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    const body = readyResponseSchema.parse(ready.json());
    expect(body.migrations).toBe(knownMigrations(true));
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while a migration of this build is missing from the database', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.ctx.db.execute(
        sql`delete from drizzle.__drizzle_migrations
            where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const ready = await fresh.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(errorResponseSchema.parse(ready.json()).message).toBe(
        `Не применены миграции базы данных: 1 из ${knownMigrations(true)}`,
      );
    } finally {
      await fresh.close();
    }
  });

  it('is not ready while the database does not answer within the deadline, and ready after', async () => {
    // A statement that never answers: a connection HAProxy holds while it retries a dead primary.
    const silent = vi
      .spyOn(testApp.ctx.db, 'execute')
      .mockImplementationOnce(() => new Promise<never>(() => undefined) as never);
    const startedAt = Date.now();
    const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expectRefusal(ready, 'DATABASE_UNAVAILABLE');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(READINESS_DATABASE_DEADLINE_MS - 50);
    silent.mockRestore();
    const again = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('answers 503 to readiness once shutting down, while still live and serving', async () => {
    const draining = await createTestApp();
    try {
      draining.app.lifecycle.beginShutdown();
      const ready = await draining.app.inject({ method: 'GET', url: '/api/health/ready' });
      expectRefusal(ready, 'SHUTTING_DOWN');
      const live = await draining.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      const settings = await draining.app.inject({ method: 'GET', url: '/api/settings/get' });
      expect(settings.statusCode).toBe(200);
    } finally {
      await draining.close();
    }
  });
});
