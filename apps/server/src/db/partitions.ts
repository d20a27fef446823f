import { addMonths, moscowDate } from '@zaymo/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { selectRows, type Database } from './index';
import { withAdvisoryLocks } from './locks';

/**
 * The logs kept one partition per Moscow month (migration 0036_month_partitions): rows of a month
 * with no partition yet land in the table's DEFAULT partition, so the months are made ahead.
 */
export const MONTH_PARTITIONED_TABLES = ['crm_audit', 'sent_messages'] as const;
export type MonthPartitionedTable = (typeof MONTH_PARTITIONED_TABLES)[number];

/** Besides the current month, how many coming months have their partition made. */
export const PARTITION_MONTHS_AHEAD = 3;

/** A month that stays in the DEFAULT partition: rows of it were written before it was made. */
export interface BlockedMonth {
  readonly table: MonthPartitionedTable;
  readonly month: string;
}

/** `parent_YYYY_MM`, as create_month_partition names a month's partition. */
export function monthPartitionName(table: MonthPartitionedTable, day: string): string {
  return `${table}_${day.slice(0, 7).replace('-', '_')}`;
}

/**
 * Makes the partitions of the current Moscow month and the next PARTITION_MONTHS_AHEAD months of
 * every table, those not made yet. Instances that run it at once take turns on one advisory lock;
 * each month is made once. Returns the months it could not make.
 */
export async function makeMonthPartitions(db: Database, now: Date): Promise<BlockedMonth[]> {
  const today = moscowDate(now);
  const days = Array.from({ length: PARTITION_MONTHS_AHEAD + 1 }, (_, ahead) =>
    addMonths(today, ahead),
  );
  return withAdvisoryLocks(db, [{ space: 'monthPartitions', key: 'all' }], async (tx) => {
    const blocked: BlockedMonth[] = [];
    for (const table of MONTH_PARTITIONED_TABLES) {
      for (const day of days) {
        const [row] = await selectRows<{ made: boolean }>(
          tx,
          sql`select create_month_partition(${table}, ${day}::date) as made`,
        );
        if (!row?.made) blocked.push({ table, month: day.slice(0, 7) });
      }
    }
    return blocked;
  });
}

/**
 * The job's run, at start-up and with the servicing jobs: a failure or a blocked month is logged
 * and never stops the server, since rows of a month without its partition still go to DEFAULT.
 */
export async function keepMonthPartitionsAhead(
  ctx: { db: Database; clock: Clock },
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    for (const { table, month } of await makeMonthPartitions(ctx.db, ctx.clock.now())) {
      log.warn(
        { table, month },
        'Раздел месяца не создан: строки этого месяца уже лежат в разделе DEFAULT (docs/production.md)',
      );
    }
  } catch (error) {
    log.error({ err: error }, 'Разделы следующих месяцев не созданы, повторим позже');
  }
}
