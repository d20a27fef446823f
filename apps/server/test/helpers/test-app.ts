import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { MovableClock, type Clock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import type { AppContext } from '../../src/context';
import type { OpenDatabase } from '../../src/db';
import type { RoutePlugin } from '../../src/http/route-plugin';
import { createMessaging, type Messaging } from '../../src/integrations/messaging';
import { LogCapture } from './log-capture';
import { openTestDatabase } from './test-database';
import { testRoutes } from './test-routes';

export interface TestAppOptions {
  /** Environment variables on top of the test defaults, e.g. `{ SANDBOX: '0' }`. */
  env?: Record<string, string>;
  /** The built SPA to serve; a folder without index.html means "not built". */
  webDistFolder?: string;
  /** Extra routes under /api; the test-only routes of test-routes.ts are always mounted. */
  routes?: readonly RoutePlugin[];
  /** SMS and e-mail senders; the configured ones (the sandbox outbox by default) when absent. */
  messaging?: (defaults: Messaging) => Messaging;
  /** A database of the caller's (e.g. one a server process opens later); a fresh copy otherwise. */
  database?: OpenDatabase;
  /** The server clock starts here and runs on (tests of dated rules); the real time otherwise. */
  startAt?: Date;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: MovableClock;
  logs: LogCapture;
  close(): Promise<void>;
}

/** A clock that reads `start` now and runs on with real time. */
function runningFrom(start: Date): Clock {
  const startedAt = Date.now();
  return { now: () => new Date(start.getTime() + (Date.now() - startedAt)) };
}

/**
 * A full app on a database of its own (a copy of the migrated snapshot), driven with
 * `app.inject()` — no port. Create it in beforeAll and close it in afterAll.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'zaymo-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    // Production-mode apps need a real secret; tests share one that is not the public dev default.
    APP_SECRET: 'test-app-secret-for-api-tests-only-000000',
    // Tests change tariffs and read them back at once: the cache asks for the version every time.
    PUBLIC_DATA_CHECK_MS: '0',
    // Tests move the clock by weeks from today's date: the 41-FZ identification rule (an МКК's from
    // 01.03.2027) would refuse their loans as that date nears. The rule's own tests set it.
    BIOMETRIC_REQUIRED_FROM: 'never',
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase());
  const clock = new MovableClock(options.startAt ? runningFrom(options.startAt) : undefined);
  const logs = new LogCapture();
  const defaults = createMessaging(config, database.db, clock);
  const messaging = options.messaging ? options.messaging(defaults) : defaults;
  const app = await buildApp({
    config,
    database,
    clock,
    messaging,
    logStream: logs,
    extraApiRoutes: [testRoutes, ...(options.routes ?? [])],
    webDistFolder: options.webDistFolder ?? path.join(dataDir, 'no-web-build'),
  });
  await app.ready();
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    clock,
    messaging,
  };
  return {
    app,
    ctx,
    clock,
    logs,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
