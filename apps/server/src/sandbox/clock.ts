import { sql } from 'drizzle-orm';
import { MovableClock, SharedClock, type Clock, type ClockOffsetStore } from '../clock';
import type { Database } from '../db';
import { sandboxClock } from '../db/sandbox-schema';
import { moscowDate } from '@zaymo/contract';
import type { RoutePlugin } from '../http/route-plugin';
import { route } from '../http/route';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const ROW_ID = 1;

/** The offset in the one row of sandbox.clock; `add` is one atomic upsert. */
export function databaseClockStore(db: Database): ClockOffsetStore {
  return {
    async read() {
      const [row] = await db.select().from(sandboxClock);
      return row?.offsetMs ?? 0;
    },
    async add(milliseconds) {
      const [row] = await db
        .insert(sandboxClock)
        .values({ id: ROW_ID, offsetMs: milliseconds, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: sandboxClock.id,
          set: { offsetMs: sql`${sandboxClock.offsetMs} + ${milliseconds}`, updatedAt: new Date() },
        })
        .returning();
      return row?.offsetMs ?? milliseconds;
    },
  };
}

function describe(clock: Clock, offsetMs: number) {
  const now = clock.now();
  return {
    data: { now: now.toISOString(), today: moscowDate(now), offset_days: offsetMs / DAY_MS },
  };
}

function offsetOf(clock: Clock): number {
  return clock instanceof SharedClock || clock instanceof MovableClock ? clock.offset : 0;
}

/** POST/GET /api/dev/clock: a tester moves the server's date forward (all instances). */
export const clockRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /dev/clock', () => describe(ctx.clock, offsetOf(ctx.clock)));

  route(app, 'POST /dev/clock', async (request) => {
    const milliseconds = request.body.days * DAY_MS + (request.body.minutes ?? 0) * MINUTE_MS;
    if (ctx.clock instanceof SharedClock) await ctx.clock.advanceBy(milliseconds);
    else if (ctx.clock instanceof MovableClock) ctx.clock.advanceBy(milliseconds);
    return describe(ctx.clock, offsetOf(ctx.clock));
  });
};
