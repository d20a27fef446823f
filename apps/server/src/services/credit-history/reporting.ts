import { randomBytes } from 'node:crypto';
import { moscowDate } from '@zaymo/contract';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { jsonRows } from '../../db/json-rows';
import { creditHistoryEvents, type CreditHistoryEventRow } from '../../db/schema';
import {
  BureauUnavailableError,
  type CreditBureau,
  type SubmitAnswer,
} from '../../integrations/bureau';
import { timed, type JobTiming } from '../job-runs';
import { fromPayload } from './payload';

/*
 * The reporting job: sends the queued credit-history events to the bureau exactly once. A run
 * leases a batch — the oldest unacknowledged event of each deal that is due, taken FOR UPDATE
 * SKIP LOCKED and marked with a lease token and time — commits, sends one document, and records
 * the bureau's receipt against that token. An event is acknowledged only by the receipt; a
 * failure is retried with a doubling pause (up to an hour). A later event of a deal waits for the
 * earlier ones, so the bureau gets each deal's history in order. If an instance dies between
 * sending and recording, the lease runs out and another sends the same events again under the
 * same ids: the bureau takes a repeated id once.
 */

type ReportingContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

const MAX_RETRY_SECONDS = 3600;

export interface Lease {
  readonly token: string;
  readonly documentNumber: string;
  readonly rows: readonly CreditHistoryEventRow[];
}

function leaseMs(ctx: ReportingContext): number {
  return 2 * (ctx.config.bureau?.timeoutMs ?? 20_000) + 60_000;
}

function documentNumber(memberCode: string, now: Date, token: string): string {
  const moscow = new Date(now.getTime() + 3 * 60 * 60 * 1000).toISOString();
  const stamp = `${moscow.slice(0, 10).replace(/-/g, '')}_${moscow.slice(11, 19).replace(/:/g, '')}`;
  return `${memberCode}_${stamp}_${token.slice(0, 6)}`;
}

/** Due, not leased (or its lease ran out), and no earlier event of its deal still unacknowledged. */
function dueCondition(now: Date) {
  return and(
    isNull(creditHistoryEvents.acknowledgedAt),
    lte(creditHistoryEvents.nextAttemptAt, now),
    or(isNull(creditHistoryEvents.leasedUntil), lte(creditHistoryEvents.leasedUntil, now)),
    sql`not exists (select 1 from ${creditHistoryEvents} earlier
      where earlier.order_id = ${creditHistoryEvents.orderId}
        and earlier.id < ${creditHistoryEvents.id}
        and earlier.acknowledged_at is null)`,
  );
}

/** Step 1: take a batch of due events for this run (committed before anything is sent). */
export async function leaseDueEvents(ctx: ReportingContext): Promise<Lease | null> {
  const now = ctx.clock.now();
  const token = randomBytes(12).toString('hex');
  const number = documentNumber(ctx.config.bureau?.memberCode ?? 'ZAYMO', now, token);
  const rows = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: creditHistoryEvents.id })
      .from(creditHistoryEvents)
      .where(dueCondition(now))
      .orderBy(asc(creditHistoryEvents.id))
      .limit(ctx.config.creditHistory.batchSize)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(creditHistoryEvents)
      .set({
        leasedUntil: new Date(now.getTime() + leaseMs(ctx)),
        leaseToken: token,
        attempts: sql`${creditHistoryEvents.attempts} + 1`,
        lastSentAt: now,
        documentNumber: number,
      })
      .where(
        inArray(
          creditHistoryEvents.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
  if (rows.length === 0) return null;
  return { token, documentNumber: number, rows: [...rows].sort((a, b) => a.id - b.id) };
}

/**
 * Releases the rows to their retry, each with its own reason and a pause doubling with its
 * attempts (up to an hour): one statement for the whole set.
 */
async function recordFailures(
  ctx: ReportingContext,
  lease: Lease,
  failures: readonly { id: number; reason: string }[],
) {
  if (failures.length === 0) return;
  const now = ctx.clock.now();
  const rows = failures.map(({ id, reason }) => ({ id, reason: reason.slice(0, 1000) }));
  const base = ctx.config.creditHistory.retrySeconds;
  await ctx.db.execute(sql`
    update ${creditHistoryEvents} e set
      last_error = f.reason,
      next_attempt_at = ${now}::timestamptz + make_interval(secs =>
        least(${MAX_RETRY_SECONDS}, ${base} * power(2, greatest(0, e.attempts - 1)))),
      leased_until = null,
      lease_token = null
    from ${jsonRows(rows, { id: 'bigint', reason: 'text' }, 'f')}
    where e.id = f.id and e.lease_token = ${lease.token}`);
}

/** Step 3: the receipt acknowledges what it accepted; the rest waits for its retry. */
async function recordReceipt(ctx: ReportingContext, lease: Lease, answer: SubmitAnswer) {
  const now = ctx.clock.now();
  const errors = new Map(answer.receipt.errors.map((error) => [error.eventId, error]));
  const accepted = lease.rows.filter((row) => !errors.has(row.eventUid));
  if (accepted.length > 0) {
    await ctx.db
      .update(creditHistoryEvents)
      .set({
        acknowledgedAt: now,
        incomingNumber: answer.receipt.incomingNumber,
        lastError: null,
        leasedUntil: null,
        leaseToken: null,
      })
      .where(
        and(
          eq(creditHistoryEvents.leaseToken, lease.token),
          inArray(
            creditHistoryEvents.id,
            accepted.map((row) => row.id),
          ),
        ),
      );
  }
  await recordFailures(
    ctx,
    lease,
    lease.rows.flatMap((row) => {
      const error = errors.get(row.eventUid);
      return error ? [{ id: row.id, reason: `${error.code} ${error.text}`.trim() }] : [];
    }),
  );
  return { acknowledged: accepted.length, rejected: lease.rows.length - accepted.length };
}

/** Step 2 and 3: one document to the bureau, and its receipt recorded. */
export async function sendLease(
  ctx: ReportingContext,
  bureau: CreditBureau,
  lease: Lease,
): Promise<{ acknowledged: number; rejected: number }> {
  let answer: SubmitAnswer;
  try {
    answer = await bureau.submitEvents(
      lease.rows.map((row) => fromPayload(row.payload)),
      lease.documentNumber,
    );
  } catch (error) {
    if (!(error instanceof BureauUnavailableError)) throw error;
    await recordFailures(
      ctx,
      lease,
      lease.rows.map((row) => ({ id: row.id, reason: error.message })),
    );
    return { acknowledged: 0, rejected: lease.rows.length };
  }
  return recordReceipt(ctx, lease, answer);
}

export interface ReportingRun {
  readonly documents: number;
  readonly acknowledged: number;
  readonly rejected: number;
}

/** Sends what is due, a document at a time, until nothing is (or `maxDocuments` were sent). */
export async function reportDueEvents(
  ctx: ReportingContext,
  bureau: CreditBureau,
  maxDocuments = 20,
): Promise<ReportingRun> {
  const run = { documents: 0, acknowledged: 0, rejected: 0 };
  for (; run.documents < maxDocuments; run.documents += 1) {
    const lease = await leaseDueEvents(ctx);
    if (!lease) break;
    const sent = await sendLease(ctx, bureau, lease);
    run.acknowledged += sent.acknowledged;
    run.rejected += sent.rejected;
  }
  return run;
}

/** The job inside the server process (every BUREAU_REPORT_SECONDS); stop() waits for its run. */
export class CreditHistoryReporting {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: ReportingContext,
    private readonly bureau: CreditBureau | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    const seconds = this.ctx.config.creditHistory.reportSeconds;
    if (seconds <= 0 || this.timer || !this.bureau) return;
    this.timer = setInterval(() => void this.tick(), seconds * 1000);
    this.timer.unref();
  }

  tick(): Promise<void> {
    if (this.stopped || !this.bureau) return Promise.resolve();
    const bureau = this.bureau;
    this.running ??= this.runOnce(bureau).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Everything due, now, in documents of the configured batch size (another instance leases its
   * own); the run under way, if any, finishes first. Null without a bureau.
   */
  async drain(): Promise<JobTiming | null> {
    if (this.stopped || !this.bureau) return null;
    const bureau = this.bureau;
    await this.running;
    return timed('bureau events', async () => {
      const run = await reportDueEvents(this.ctx, bureau, Number.POSITIVE_INFINITY);
      return run.acknowledged + run.rejected;
    });
  }

  private async runOnce(bureau: CreditBureau): Promise<void> {
    try {
      const run = await reportDueEvents(this.ctx, bureau);
      if (run.documents > 0)
        this.log.info(
          { ...run, day: moscowDate(this.ctx.clock.now()) },
          'Кредитная история: отправлено в бюро',
        );
      if (run.rejected > 0)
        this.log.warn(run, 'Кредитная история: бюро не приняло часть событий, повторим');
    } catch (error) {
      this.log.error({ err: error }, 'Кредитная история не отправлена, повторим позже');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
