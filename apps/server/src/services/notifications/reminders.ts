import { ORDER_STATUS, kopecks, moscowDate, type IsoDate, type LoanTerms } from '@zaymo/contract';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { selectRows } from '../../db';
import { arrayOf } from '../../db/arrays';
import { insertJsonRows, jsonRows } from '../../db/json-rows';
import { takeAdvisoryLocks, type Transaction } from '../../db/locks';
import {
  clients,
  collectionContacts,
  loanOrders,
  loanReminders,
  type LoanOrderRow,
  type LoanReminderRow,
} from '../../db/schema';
import { debtorsOf, verdictFor, type Debtor } from '../collections/contacts';
import { sendManySms } from '../../integrations/sms/sms-sender';
import { forEachAtOnce } from '../job-runs';
import { ledgerEntryRowsOf, loanPosition, loanTermsOf, type LedgerEntryRow } from '../loans/ledger';
import { holidaysOf } from '../loans/terms';
import {
  decideAttempt,
  planWindows,
  type AttemptDecision,
  type PlanWindow,
  type Refusal,
} from './reminder-schedule';
import { REMINDER_EMAIL_SUBJECT, reminderText } from './reminder-texts';

/*
 * The automatic messages about loans: reminders before the due date, the overdue notice and
 * dunning (the days: reminder-schedule.ts). Every instance runs this with the servicing jobs, yet
 * each message goes at most once: planning inserts its unique (loan, kind, due date, day) row,
 * and sending claims a batch of rows FOR UPDATE SKIP LOCKED and marks each sent in the same transaction
 * that records the contact, under the debtor's lock, so the collectors' limits and these are one
 * budget (230-FZ art. 7). The provider is called after that commit: a crash in between loses a
 * message rather than doubling it.
 */

type ReminderContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'messaging'>;

/**
 * Rows claimed and decided in one transaction: its statements cost the same whatever its size,
 * and it holds its debtors' locks until it commits.
 */
export const REMINDER_BATCH_SIZE = 250;

const OPEN_STATUSES = [ORDER_STATUS.GIVEN, ORDER_STATUS.EXPIRED] as const;

function plannedStatuses(window: PlanWindow): readonly number[] {
  return window.kind === 'before_due' ? [ORDER_STATUS.GIVEN] : OPEN_STATUSES;
}

/** Inserts today's messages of every loan in the windows, each once: one statement a window. */
export async function planReminders(ctx: ReminderContext): Promise<void> {
  const now = ctx.clock.now();
  for (const window of planWindows(moscowDate(now), ctx.config.loans.servicing.reminders)) {
    const statuses = sql.join(
      plannedStatuses(window).map((status) => sql`${status}`),
      sql`, `,
    );
    await ctx.db.execute(sql`
      insert into ${loanReminders}
        (order_id, client_id, kind, due_date, day, last_day, next_attempt_at, created_at)
      select ${loanOrders.id}, ${loanOrders.clientId}, ${window.kind}, ${loanOrders.dueDate},
             ${window.day}, ${loanOrders.dueDate} + ${window.lastDayOffset}::int, ${now}, ${now}
        from ${loanOrders}
       where ${loanOrders.statusId} in (${statuses})
         and ${loanOrders.dueDate} between ${window.dueFrom} and ${window.dueTo}
      on conflict do nothing`);
  }
}

/** What a message needs of its loan and client. */
interface LoanOrder {
  readonly id: number;
  readonly statusId: number;
  readonly dueDate: string | null;
  readonly dayPercent: LoanOrderRow['dayPercent'];
  readonly contractNumber: string | null;
}

interface Loan {
  readonly order: LoanOrder;
  readonly phone: string;
  readonly email: string | null;
  readonly ledger: readonly LedgerEntryRow[];
  /** With the loan's approved credit holidays; null before the payout. */
  readonly terms: LoanTerms | null;
}

/**
 * The loans of a claimed batch with their clients' contacts, ledgers and terms, by order id. Read
 * raw (the ids as text, as both drivers give them): the query builder's mapping of a hundred
 * ledgers' every column cost more than deciding their messages.
 */
async function loansOf(tx: Transaction, orderIds: readonly number[]): Promise<Map<number, Loan>> {
  const rows = await selectRows<
    Omit<LoanOrder, 'id'> & { id: string; phone: string; email: string | null }
  >(
    tx,
    sql`select o.id::text as id, o.status_id as "statusId", o.due_date::text as "dueDate",
          o.day_percent as "dayPercent", o.contract_number as "contractNumber",
          c.phone, c.email
        from ${loanOrders} o join ${clients} c on c.id = o.client_id
        where o.id = any(${arrayOf(orderIds, 'bigint')})`,
  );
  const ids = rows.map((row) => Number(row.id));
  const ledgers = await ledgerEntryRowsOf(tx, ids);
  const holidays = await holidaysOf(tx, ids);
  return new Map(
    rows.map(({ phone, email, ...columns }) => {
      const order = { ...columns, id: Number(columns.id) };
      const ledger = ledgers.get(order.id) ?? [];
      const terms = loanTermsOf(order, ledger, holidays.get(order.id) ?? []);
      return [order.id, { order, phone, email, ledger, terms }];
    }),
  );
}

interface Outgoing {
  readonly row: LoanReminderRow;
  readonly text: string;
  readonly phone: string;
  readonly email: string | null;
}

function composeText(
  ctx: ReminderContext,
  reminder: LoanReminderRow,
  loan: Loan,
  now: Date,
): { text: string; owed: bigint } {
  const { order } = loan;
  const position = loanPosition(loan.terms, loan.ledger, now, ctx.config.loans.servicing.limits);
  const balance =
    reminder.kind === 'before_due' ? (position?.onDueDate ?? position?.balance) : position?.balance;
  const figures = {
    contractNumber: order.contractNumber ?? `№${order.id}`,
    dueDate: reminder.dueDate as IsoDate,
    total: kopecks(balance?.total ?? 0n),
    principal: kopecks(balance?.principal ?? 0n),
    interest: kopecks(balance?.interest ?? 0n),
    penalty: kopecks(balance?.penalty ?? 0n),
  };
  return { text: reminderText(reminder.kind, figures), owed: position?.balance.total ?? 0n };
}

function refusalColumns(refusal: Refusal, now: Date) {
  return {
    refusalCode: refusal.code,
    refusalReason: refusal.reason,
    refusalLaw: refusal.law,
    refusedAt: now,
  };
}

type Attempted =
  | { readonly outcome: 'skipped' }
  | {
      readonly outcome: 'decided';
      readonly decision: Exclude<AttemptDecision, { action: 'send' }>;
      readonly row: LoanReminderRow;
    }
  | { readonly outcome: 'send'; readonly outgoing: Outgoing };

/**
 * A message counts against the 230-FZ limits when it is about an overdue debt: the collectors'
 * contact log gets it, so their next SMS sees it. Before the due date the counts do not apply.
 */
const counted = (reminder: LoanReminderRow): boolean => reminder.kind !== 'before_due';

/** The client's verdict for an SMS now; before the due date without the art. 7 counts. */
function verdictOf(reminder: LoanReminderRow, debtor: Debtor, now: Date) {
  return verdictFor(counted(reminder) ? debtor : { ...debtor, history: [] }, 'sms', now);
}

/**
 * Decides one claimed row: send, wait or drop. Pure but for the debtor's history, which a sent
 * counted message joins, so the next message of the same debtor in the batch meets it.
 */
function decideClaimed(
  ctx: ReminderContext,
  reminder: LoanReminderRow,
  loan: Loan | undefined,
  debtor: Debtor | undefined,
  now: Date,
): Attempted {
  if (!loan || !debtor) return { outcome: 'skipped' };
  const { text, owed } = composeText(ctx, reminder, loan, now);
  const decision = decideAttempt({
    kind: reminder.kind,
    dueDate: reminder.dueDate as IsoDate,
    lastDay: reminder.lastDay as IsoDate,
    loan: {
      open: (OPEN_STATUSES as readonly number[]).includes(loan.order.statusId) && owed > 0n,
      dueDate: loan.order.dueDate as IsoDate | null,
    },
    now,
    verdict: verdictOf(reminder, debtor, now),
  });
  if (decision.action !== 'send') return { outcome: 'decided', decision, row: reminder };
  if (counted(reminder)) debtor.history.push({ channel: 'sms', at: now });
  const email = reminder.kind === 'before_due' ? loan.email : null;
  return { outcome: 'send', outgoing: { row: reminder, text, phone: loan.phone, email } };
}

/** A claimed row's new columns as the batch's update reads them (jsonb_to_recordset). */
interface RowChange {
  id: number;
  state: LoanReminderRow['state'];
  next_attempt_at: string | null;
  refusal_code: string | null;
  refusal_reason: string | null;
  refusal_law: string | null;
  refused_at: string | null;
  channels: string[] | null;
  text: string | null;
  sent_at: string | null;
}

const CHANGE_COLUMNS = {
  id: 'bigint',
  state: 'text',
  next_attempt_at: 'timestamptz',
  refusal_code: 'text',
  refusal_reason: 'text',
  refusal_law: 'text',
  refused_at: 'timestamptz',
  channels: 'text[]',
  text: 'text',
  sent_at: 'timestamptz',
} as const satisfies Record<keyof RowChange, string>;

function changeOf(attempted: Attempted, now: Date): RowChange | null {
  if (attempted.outcome === 'skipped') return null;
  const unchanged = {
    next_attempt_at: null,
    refusal_code: null,
    refusal_reason: null,
    refusal_law: null,
    refused_at: null,
    channels: null,
    text: null,
    sent_at: null,
  };
  if (attempted.outcome === 'send') {
    const { row, text, email } = attempted.outgoing;
    return {
      ...unchanged,
      id: row.id,
      state: 'sent',
      channels: email ? ['sms', 'email'] : ['sms'],
      text,
      sent_at: now.toISOString(),
    };
  }
  const { decision, row } = attempted;
  const refusal = refusalColumns(decision.refusal, now);
  return {
    ...unchanged,
    id: row.id,
    state: decision.action === 'wait' ? 'pending' : 'dropped',
    next_attempt_at: decision.action === 'wait' ? decision.until.toISOString() : null,
    refusal_code: refusal.refusalCode,
    refusal_reason: refusal.refusalReason,
    refusal_law: refusal.refusalLaw,
    refused_at: now.toISOString(),
  };
}

/**
 * Writes a batch's decisions: the counted messages into the contact log in one insert, every
 * row's new state in one update (a column left null keeps its value: a message sent after a wait
 * keeps the refusal it waited for).
 */
async function recordBatch(tx: Transaction, attempted: readonly Attempted[], now: Date) {
  const contacts = attempted.flatMap((item) =>
    item.outcome === 'send' && counted(item.outgoing.row)
      ? [
          {
            client_id: item.outgoing.row.clientId,
            order_id: item.outgoing.row.orderId,
            channel: 'sms',
            note: item.outgoing.text,
            at: now,
          },
        ]
      : [],
  );
  await insertJsonRows(tx, collectionContacts, contacts, {
    client_id: 'bigint',
    order_id: 'bigint',
    channel: 'text',
    note: 'text',
    at: 'timestamptz',
  });
  const changes = attempted.flatMap((item) => changeOf(item, now) ?? []);
  if (changes.length === 0) return;
  await tx.execute(sql`
    update ${loanReminders} r set
      state = v.state,
      attempts = r.attempts + 1,
      next_attempt_at = coalesce(v.next_attempt_at, r.next_attempt_at),
      refusal_code = coalesce(v.refusal_code, r.refusal_code),
      refusal_reason = coalesce(v.refusal_reason, r.refusal_reason),
      refusal_law = coalesce(v.refusal_law, r.refusal_law),
      refused_at = coalesce(v.refused_at, r.refused_at),
      channels = coalesce(v.channels, r.channels),
      text = coalesce(v.text, r.text),
      sent_at = coalesce(v.sent_at, r.sent_at)
    from ${jsonRows(changes, CHANGE_COLUMNS, 'v')}
    where r.id = v.id`);
}

/**
 * Claims a batch of due rows (another instance's are skipped: FOR UPDATE SKIP LOCKED), locks the
 * batch's debtors in one statement (the lock a collector's contact takes too, so the limits are
 * one budget under concurrency: 230-FZ art. 7), reads what the limits need for all of them, and
 * decides each row in memory; null when nothing is due.
 */
async function attemptBatch(ctx: ReminderContext, batchSize: number): Promise<Attempted[] | null> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const claimed = await tx
      .select()
      .from(loanReminders)
      .where(and(eq(loanReminders.state, 'pending'), lte(loanReminders.nextAttemptAt, now)))
      .orderBy(asc(loanReminders.nextAttemptAt), asc(loanReminders.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (claimed.length === 0) return null;
    const clientIds = [...new Set(claimed.map((row) => row.clientId))];
    await takeAdvisoryLocks(tx, 'debtorContact', clientIds.map(String));
    const loans = await loansOf(
      tx,
      claimed.map((row) => row.orderId),
    );
    const debtors = await debtorsOf(tx, clientIds, now);
    const attempted = claimed.map((reminder) =>
      decideClaimed(
        ctx,
        reminder,
        loans.get(reminder.orderId),
        debtors.get(reminder.clientId),
        now,
      ),
    );
    await recordBatch(tx, attempted, now);
    return attempted;
  });
}

/** Marks messages the provider did not take as failed, in one statement. */
async function markFailed(ctx: ReminderContext, failed: readonly Outgoing[]): Promise<void> {
  if (failed.length === 0) return;
  const refusal = {
    code: 'DELIVERY_FAILED',
    reason: 'Оператор связи не принял сообщение',
    law: null,
  };
  await ctx.db
    .update(loanReminders)
    .set({ state: 'failed', ...refusalColumns(refusal, ctx.clock.now()) })
    .where(
      inArray(
        loanReminders.id,
        failed.map((item) => item.row.id),
      ),
    );
}

function logFailure(log: FastifyBaseLogger, outgoing: Outgoing, error: Error): void {
  log.error({ err: error, reminderId: outgoing.row.id }, 'Автоматическое сообщение не ушло');
}

/** The e-mails of messages whose SMS went; the ones the provider refused. */
async function deliverEmails(
  ctx: ReminderContext,
  outgoing: readonly Outgoing[],
  log: FastifyBaseLogger,
): Promise<Outgoing[]> {
  const failed: Outgoing[] = [];
  await forEachAtOnce(outgoing, EMAILS_AT_ONCE, async (item) => {
    if (!item.email) return;
    try {
      await ctx.messaging.email.send({
        to: item.email,
        subject: REMINDER_EMAIL_SUBJECT,
        text: item.text,
      });
    } catch (error) {
      logFailure(log, item, error as Error);
      failed.push(item);
    }
  });
  return failed;
}

/**
 * Hands a batch's messages to the provider (in as few calls as it takes: sendManySms) and marks
 * the ones it refused as failed; how many went. A message counts as sent only once accepted.
 */
async function deliverAll(
  ctx: ReminderContext,
  outgoing: readonly Outgoing[],
  log: FastifyBaseLogger,
): Promise<number> {
  if (outgoing.length === 0) return 0;
  const outcomes = await sendManySms(
    ctx.messaging.sms,
    outgoing.map((item) => ({ to: item.phone, text: item.text })),
  );
  const smsFailed = outgoing.filter((item, index) => {
    const error = outcomes[index];
    if (error) logFailure(log, item, error);
    return Boolean(error);
  });
  const emailFailed = await deliverEmails(
    ctx,
    outgoing.filter((_item, index) => !outcomes[index]),
    log,
  );
  await markFailed(ctx, [...smsFailed, ...emailFailed]);
  return outgoing.length - smsFailed.length - emailFailed.length;
}

function logDecision(log: FastifyBaseLogger, attempted: Attempted): void {
  if (attempted.outcome !== 'decided') return;
  const { decision, row } = attempted;
  log.info(
    {
      reminderId: row.id,
      orderId: row.orderId,
      kind: row.kind,
      action: decision.action,
      code: decision.refusal.code,
      law: decision.refusal.law,
    },
    decision.action === 'wait'
      ? 'Автоматическое сообщение отложено до разрешённого времени'
      : 'Автоматическое сообщение не отправлено',
  );
}

export interface ReminderRun {
  sent: number;
  waiting: number;
  dropped: number;
}

/**
 * Batches an instance works at once: while one waits for the database, the other decides. Claims
 * skip each other's rows (SKIP LOCKED) and take their debtors' locks in one order, as two
 * instances do.
 */
export const REMINDER_CLAIMERS = 2;

/** Attempts every message whose moment has come, a claimed batch at a time, until none is. */
export async function sendDueReminders(
  ctx: ReminderContext,
  log: FastifyBaseLogger,
  batchSize = REMINDER_BATCH_SIZE,
): Promise<ReminderRun> {
  const run: ReminderRun = { sent: 0, waiting: 0, dropped: 0 };
  const claimer = async () => {
    for (;;) {
      const batch = await attemptBatch(ctx, batchSize);
      if (!batch) return;
      const outgoing: Outgoing[] = [];
      for (const attempted of batch) {
        logDecision(log, attempted);
        if (attempted.outcome === 'send') outgoing.push(attempted.outgoing);
        else if (attempted.outcome === 'decided') {
          if (attempted.decision.action === 'wait') run.waiting += 1;
          else run.dropped += 1;
        }
      }
      // Awaited first: `run.sent += await …` would read the count before another claimer's add.
      const sent = await deliverAll(ctx, outgoing, log);
      run.sent += sent;
    }
  };
  await Promise.all(Array.from({ length: REMINDER_CLAIMERS }, claimer));
  return run;
}

/** E-mails handed to the provider at once: its answers are waited for, not computed. */
const EMAILS_AT_ONCE = 8;

/** One run: plan today's messages, then send what is due. */
export async function runReminders(
  ctx: ReminderContext,
  log: FastifyBaseLogger,
): Promise<ReminderRun> {
  await planReminders(ctx);
  return sendDueReminders(ctx, log);
}
