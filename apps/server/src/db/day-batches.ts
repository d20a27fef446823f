import { and, asc, eq, isNull, lt, max, sql } from 'drizzle-orm';
import type { Database } from './index';
import type { Transaction } from './locks';
import { dayBatches } from './schema';

/*
 * A day's work shared by every instance: the ids 1…maxId cut into ranges of `size`, one
 * day_batches row each. An instance claims the first range not done FOR UPDATE SKIP LOCKED (the
 * other instances take the next ones), works it and marks it done in the same transaction: a range
 * is done once, and one whose instance died mid-way rolls back and is claimed again. Ranges made
 * past the ids of the morning cover what the day adds; a later run of the same day finds nothing.
 */

/** Days of ranges kept for a look at how the work went. */
const KEPT_DAYS = 7;

export interface DayBatchJob {
  readonly job: string;
  /** The Moscow date the work is for. */
  readonly day: string;
  /** The highest id the work may touch now. */
  readonly maxId: number;
  readonly size: number;
  readonly now: Date;
}

export interface IdRange {
  readonly firstId: number;
  readonly lastId: number;
}

/** The ranges of the day up to maxId, those already made left as they are. */
async function planRanges(db: Database, job: DayBatchJob): Promise<void> {
  const [made] = await db
    .select({ lastId: max(dayBatches.lastId) })
    .from(dayBatches)
    .where(and(eq(dayBatches.job, job.job), eq(dayBatches.day, job.day)));
  const from = made?.lastId ?? 0;
  if (from >= job.maxId) return;
  await db.execute(sql`
    insert into ${dayBatches} (job, day, first_id, last_id)
    select ${job.job}, ${job.day}::date, g + 1, g + ${job.size}
      from generate_series(${from}::bigint, ${job.maxId - 1}::bigint, ${job.size}::bigint) g
    on conflict do nothing`);
  await db
    .delete(dayBatches)
    .where(
      and(
        eq(dayBatches.job, job.job),
        lt(dayBatches.day, sql`${job.day}::date - ${KEPT_DAYS}::int`),
      ),
    );
}

/** One range claimed and worked; null when every range of the day is done or taken. */
async function workOneRange(
  db: Database,
  job: DayBatchJob,
  work: (tx: Transaction, range: IdRange) => Promise<number>,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [range] = await tx
      .select()
      .from(dayBatches)
      .where(
        and(eq(dayBatches.job, job.job), eq(dayBatches.day, job.day), isNull(dayBatches.doneAt)),
      )
      .orderBy(asc(dayBatches.firstId))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!range) return null;
    const items = await work(tx, range);
    await tx
      .update(dayBatches)
      .set({ doneAt: job.now, items })
      .where(
        and(
          eq(dayBatches.job, job.job),
          eq(dayBatches.day, job.day),
          eq(dayBatches.firstId, range.firstId),
        ),
      );
    return items;
  });
}

/** One claimer's loop: ranges one after another until none is left to claim. */
async function workRanges(
  db: Database,
  job: DayBatchJob,
  work: (tx: Transaction, range: IdRange) => Promise<number>,
): Promise<number> {
  let items = 0;
  for (;;) {
    const worked = await workOneRange(db, job, work);
    if (worked === null) return items;
    items += worked;
  }
}

/**
 * Works every range of the day this instance can claim, `claimers` ranges at a time (each on a
 * connection of its own, claimed as another instance would), so one range's computing overlaps
 * another's wait for the database. The sum of what `work` returned.
 */
export async function workDayBatches(
  db: Database,
  job: DayBatchJob,
  work: (tx: Transaction, range: IdRange) => Promise<number>,
  claimers = 1,
): Promise<number> {
  await planRanges(db, job);
  const each = await Promise.all(Array.from({ length: claimers }, () => workRanges(db, job, work)));
  return each.reduce((sum, items) => sum + items, 0);
}
