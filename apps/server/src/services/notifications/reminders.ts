import { ORDER_STATUS, kopecks, moscowDate, type IsoDate } from '@zaymo/contract';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { takeAdvisoryLock, type Transaction } from '../../db/locks';
import {
  clients,
  collectionContacts,
  loanOrders,
  loanReminders,
  type LoanOrderRow,
  type LoanReminderRow,
} from '../../db/schema';
import { debtorOf, verdictFor } from '../collections/contacts';
import { loanPosition } from '../loans/ledger';
import { loadLoanTerms } from '../loans/terms';
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
 * and sending claims the row FOR UPDATE SKIP LOCKED and marks it sent in the same transaction
 * that records the contact, under the debtor's lock, so the collectors' limits and these are one
 * budget (230-FZ art. 7). The provider is called after that commit: a crash in between loses a
 * message rather than doubling it.
 */

type ReminderContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'messaging'>;

/** Rows attempted per batch; a run stops after MAX_BATCHES and the next run carries on. */
const BATCH_SIZE = 100;
const MAX_BATCHES = 50;

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
}

async function loanOf(tx: Transaction, orderId: number): Promise<Loan | null> {
  const [row] = await tx
    .select({ order: loanOrders, phone: clients.phone, email: clients.email })
    .from(loanOrders)
    .innerJoin(clients, eq(clients.id, loanOrders.clientId))
    .where(eq(loanOrders.id, orderId));
  return row ?? null;
}

interface Outgoing {
  readonly row: LoanReminderRow;
  readonly text: string;
  readonly phone: string;
  readonly email: string | null;
}

async function composeText(
  ctx: ReminderContext,
  tx: Transaction,
  reminder: LoanReminderRow,
  order: LoanOrderRow,
  now: Date,
): Promise<{ text: string; owed: bigint }> {
  const { rows, terms } = await loadLoanTerms(tx, order);
  const position = loanPosition(terms, rows, now, ctx.config.loans.servicing.limits);
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

/** Claims one due row (another instance's is skipped) and decides it under the debtor's lock. */
async function attemptOne(ctx: ReminderContext, id: number): Promise<Attempted> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [reminder] = await tx
      .select()
      .from(loanReminders)
      .where(
        and(
          eq(loanReminders.id, id),
          eq(loanReminders.state, 'pending'),
          lte(loanReminders.nextAttemptAt, now),
        ),
      )
      .for('update', { skipLocked: true });
    if (!reminder) return { outcome: 'skipped' };
    await takeAdvisoryLock(tx, 'debtorContact', String(reminder.clientId));
    const loan = await loanOf(tx, reminder.orderId);
    if (!loan) return { outcome: 'skipped' };
    const { text, owed } = await composeText(ctx, tx, reminder, loan.order, now);
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

/** Attempts every message whose moment has come, in batches. */
export async function sendDueReminders(
  ctx: ReminderContext,
  log: FastifyBaseLogger,
): Promise<ReminderRun> {
  const run: ReminderRun = { sent: 0, waiting: 0, dropped: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const due = await ctx.db
      .select({ id: loanReminders.id })
      .from(loanReminders)
      .where(
        and(eq(loanReminders.state, 'pending'), lte(loanReminders.nextAttemptAt, ctx.clock.now())),
      )
      .orderBy(asc(loanReminders.nextAttemptAt), asc(loanReminders.id))
      .limit(BATCH_SIZE);
    let progressed = 0;
    for (const { id } of due) {
      const attempted = await attemptOne(ctx, id);
      logDecision(log, attempted);
      if (attempted.outcome === 'skipped') continue;
      progressed += 1;
      if (attempted.outcome === 'send') {
        if (await deliver(ctx, attempted.outgoing, log)) run.sent += 1;
      } else if (attempted.decision.action === 'wait') run.waiting += 1;
      else run.dropped += 1;
    }
    if (due.length < BATCH_SIZE || progressed === 0) break;
  }
  return run;
}

/** One run: plan today's messages, then send what is due. */
export async function runReminders(
  ctx: ReminderContext,
  log: FastifyBaseLogger,
): Promise<ReminderRun> {
  await planReminders(ctx);
  return sendDueReminders(ctx, log);
}
