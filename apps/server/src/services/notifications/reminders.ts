import { ORDER_STATUS, kopecks, moscowDate, type IsoDate, type LoanTerms } from '@zaymo/contract';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { takeAdvisoryLock, type Transaction } from '../../db/locks';
import {
  clients,
  collectionContacts,
  loanOrders,
  loanReminders,
  type LoanLedgerRow,
  type LoanOrderRow,
  type LoanReminderRow,
} from '../../db/schema';
import { debtorOf, verdictFor } from '../collections/contacts';
import { forEachAtOnce } from '../job-runs';
import { loanPosition } from '../loans/ledger';
import { loadLoansTerms } from '../loans/terms';
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

/** Rows claimed and decided in one transaction. */
const BATCH_SIZE = 100;

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

interface Loan {
  readonly order: LoanOrderRow;
  readonly phone: string;
  readonly email: string | null;
  readonly ledger: readonly LoanLedgerRow[];
  /** With the loan's approved credit holidays; null before the payout. */
  readonly terms: LoanTerms | null;
}

/** The loans of a claimed batch with their clients' contacts, ledgers and terms, by order id. */
async function loansOf(tx: Transaction, orderIds: readonly number[]): Promise<Map<number, Loan>> {
  const rows = await tx
    .select({ order: loanOrders, phone: clients.phone, email: clients.email })
    .from(loanOrders)
    .innerJoin(clients, eq(clients.id, loanOrders.clientId))
    .where(inArray(loanOrders.id, [...orderIds]));
  const loans = await loadLoansTerms(
    tx,
    rows.map((row) => row.order),
  );
  return new Map(
    rows.map((row) => {
      const { rows: ledger = [], terms = null } = loans.get(row.order.id) ?? {};
      return [row.order.id, { ...row, ledger, terms }];
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

async function recordDecision(
  tx: Transaction,
  reminder: LoanReminderRow,
  decision: Exclude<AttemptDecision, { action: 'send' }>,
  now: Date,
): Promise<void> {
  const attempts = reminder.attempts + 1;
  const set =
    decision.action === 'wait'
      ? { ...refusalColumns(decision.refusal, now), nextAttemptAt: decision.until, attempts }
      : { ...refusalColumns(decision.refusal, now), state: 'dropped' as const, attempts };
  await tx.update(loanReminders).set(set).where(eq(loanReminders.id, reminder.id));
}

/**
 * A message counts against the 230-FZ limits when it is about an overdue debt: the collectors'
 * contact log gets it, so their next SMS sees it.
 */
async function markSent(
  tx: Transaction,
  reminder: LoanReminderRow,
  outgoing: { text: string; channels: ('sms' | 'email')[] },
  now: Date,
): Promise<void> {
  if (reminder.kind !== 'before_due') {
    await tx.insert(collectionContacts).values({
      clientId: reminder.clientId,
      orderId: reminder.orderId,
      channel: 'sms',
      staffId: null,
      note: outgoing.text,
      at: now,
    });
  }
  await tx
    .update(loanReminders)
    .set({
      state: 'sent',
      sentAt: now,
      text: outgoing.text,
      channels: outgoing.channels,
      attempts: reminder.attempts + 1,
    })
    .where(eq(loanReminders.id, reminder.id));
}

/** The client's verdict for an SMS now; before the due date without the art. 7 counts. */
async function verdictOf(tx: Transaction, reminder: LoanReminderRow, now: Date) {
  const debtor = await debtorOf(tx, reminder.clientId, now);
  const counted = reminder.kind === 'before_due' ? { ...debtor, history: [] } : debtor;
  return verdictFor(counted, 'sms', now);
}

type Attempted =
  | { readonly outcome: 'skipped' }
  | {
      readonly outcome: 'decided';
      readonly decision: AttemptDecision;
      readonly row: LoanReminderRow;
    }
  | { readonly outcome: 'send'; readonly outgoing: Outgoing };

/** Decides one claimed row under the debtor's lock: sent (recorded), waiting or dropped. */
async function attemptClaimed(
  ctx: ReminderContext,
  tx: Transaction,
  reminder: LoanReminderRow,
  loan: Loan | undefined,
  now: Date,
): Promise<Attempted> {
  if (!loan) return { outcome: 'skipped' };
  await takeAdvisoryLock(tx, 'debtorContact', String(reminder.clientId));
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
    verdict: await verdictOf(tx, reminder, now),
  });
  if (decision.action !== 'send') {
    await recordDecision(tx, reminder, decision, now);
    return { outcome: 'decided', decision, row: reminder };
  }
  const email = reminder.kind === 'before_due' ? loan.email : null;
  await markSent(tx, reminder, { text, channels: email ? ['sms', 'email'] : ['sms'] }, now);
  return { outcome: 'send', outgoing: { row: reminder, text, phone: loan.phone, email } };
}

/**
 * Claims a batch of due rows (another instance's are skipped: FOR UPDATE SKIP LOCKED) and decides
 * each in the same transaction; null when nothing is due.
 */
async function attemptBatch(ctx: ReminderContext): Promise<Attempted[] | null> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const claimed = await tx
      .select()
      .from(loanReminders)
      .where(and(eq(loanReminders.state, 'pending'), lte(loanReminders.nextAttemptAt, now)))
      .orderBy(asc(loanReminders.nextAttemptAt), asc(loanReminders.id))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    if (claimed.length === 0) return null;
    const loans = await loansOf(
      tx,
      claimed.map((row) => row.orderId),
    );
    const attempted: Attempted[] = [];
    for (const reminder of claimed) {
      attempted.push(await attemptClaimed(ctx, tx, reminder, loans.get(reminder.orderId), now));
    }
    return attempted;
  });
}

async function deliver(
  ctx: ReminderContext,
  outgoing: Outgoing,
  log: FastifyBaseLogger,
): Promise<boolean> {
  try {
    await ctx.messaging.sms.send({ to: outgoing.phone, text: outgoing.text });
    if (outgoing.email) {
      await ctx.messaging.email.send({
        to: outgoing.email,
        subject: REMINDER_EMAIL_SUBJECT,
        text: outgoing.text,
      });
    }
    return true;
  } catch (error) {
    log.error({ err: error, reminderId: outgoing.row.id }, 'Автоматическое сообщение не ушло');
    await ctx.db
      .update(loanReminders)
      .set({
        state: 'failed',
        ...refusalColumns(
          { code: 'DELIVERY_FAILED', reason: 'Оператор связи не принял сообщение', law: null },
          ctx.clock.now(),
        ),
      })
      .where(eq(loanReminders.id, outgoing.row.id));
    return false;
  }
}

function logDecision(log: FastifyBaseLogger, attempted: Attempted): void {
  if (attempted.outcome !== 'decided' || attempted.decision.action === 'send') return;
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

/** Attempts every message whose moment has come, a claimed batch at a time, until none is. */
export async function sendDueReminders(
  ctx: ReminderContext,
  log: FastifyBaseLogger,
): Promise<ReminderRun> {
  const run: ReminderRun = { sent: 0, waiting: 0, dropped: 0 };
  for (;;) {
    const batch = await attemptBatch(ctx);
    if (!batch) return run;
    const outgoing: Outgoing[] = [];
    for (const attempted of batch) {
      logDecision(log, attempted);
      if (attempted.outcome === 'send') outgoing.push(attempted.outgoing);
      else if (attempted.outcome === 'decided') {
        if (attempted.decision.action === 'wait') run.waiting += 1;
        else run.dropped += 1;
      }
    }
    run.sent += await deliverAll(ctx, outgoing, log);
  }
}

/** Messages handed to the provider at once: its answers are waited for, not computed. */
const DELIVERIES_AT_ONCE = 8;

/** Delivers a batch's messages, DELIVERIES_AT_ONCE at a time; how many the provider took. */
async function deliverAll(
  ctx: ReminderContext,
  outgoing: readonly Outgoing[],
  log: FastifyBaseLogger,
): Promise<number> {
  let sent = 0;
  await forEachAtOnce(outgoing, DELIVERIES_AT_ONCE, async (item) => {
    if (await deliver(ctx, item, log)) sent += 1;
  });
  return sent;
}
/** One run: plan today's messages, then send what is due. */
export async function runReminders(
  ctx: ReminderContext,
  log: FastifyBaseLogger,
): Promise<ReminderRun> {
  await planReminders(ctx);
  return sendDueReminders(ctx, log);
}
