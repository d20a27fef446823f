import { sql } from 'drizzle-orm';
import {
  errorResponses,
  liveResponseSchema,
  readyResponseSchema,
  type ReadyResponse,
} from '@zaymo/contract';
import type { AppContext } from '../context';
import { selectRows } from '../db';
import { migrationStatus } from '../db/migrations';
import type { Lifecycle } from '../lifecycle';
import { AppError } from '../errors';
import type { RoutePlugin } from './route-plugin';

/**
 * Liveness and readiness, separately: a live but not ready instance (draining after
 * SIGTERM, database gone, migrations not applied) is taken out of rotation, not restarted.
 */
export function healthProbeRoutes(lifecycle: Lifecycle): RoutePlugin {
  return async (app, { ctx }) => {
    app.get(
      '/health/live',
      {
        schema: {
          summary: 'Процесс жив (liveness)',
          tags: ['Служебное'],
          response: { 200: liveResponseSchema },
        },
      },
      () => ({ status: 'ok' as const }),
    );
    const ready = readinessCheck(ctx, lifecycle);
    app.get(
      '/health/ready',
      {
        schema: {
          summary: 'Готов принимать запросы (readiness): база, миграции, не останавливается',
          tags: ['Служебное'],
          response: { 200: readyResponseSchema, ...errorResponses(503) },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return ready();
      },
    );
  };
}

/**
 * A balancer's check gives up after a second or two. A database that has not answered by then (a
 * connection HAProxy holds while it retries a dead primary) means not ready, not a late «ready».
 */
export const READINESS_DATABASE_DEADLINE_MS = 1_000;

function readinessCheck(ctx: AppContext, lifecycle: Lifecycle): () => Promise<ReadyResponse> {
  // Applied migrations are never taken back: once all are there, stop asking.
  let migrated: number | null = null;
  return async () => {
    if (lifecycle.shuttingDown) {
      throw new AppError('SHUTTING_DOWN');
    }
    if (migrated === null) {
      const status = await migrationStatus(ctx.db, ctx.config.sandbox).catch((error: unknown) => {
        throw new AppError('DATABASE_UNAVAILABLE', { cause: error });
      });
      if (status.pending > 0) {
        throw new AppError('MIGRATIONS_PENDING', status);
      }
      migrated = status.known;
    }
    // A standby answers reads but refuses every write: not ready (a failover under way, or a
    // DATABASE_URL that reaches a replica).
    const [server] = await withinDeadline(
      selectRows<{ standby: boolean }>(ctx.db, sql`select pg_is_in_recovery() as standby`),
      READINESS_DATABASE_DEADLINE_MS,
    ).catch((error: unknown) => {
      throw new AppError('DATABASE_UNAVAILABLE', { cause: error });
    });
    if (server?.standby) {
      throw new AppError('DATABASE_READ_ONLY');
    }
    return { status: 'ready', database: ctx.dbKind, migrations: migrated };
  };
}

function withinDeadline<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${deadlineMs} ms`)), deadlineMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
