import {
  compareDates,
  kopecks,
  dueDateAfterHoliday,
  holidayCorrections,
  moscowDate,
  ORDER_STATUS,
  parseDailyPercent,
  type CrmCreditHoliday,
  type CrmDecideCreditHolidayRequest,
  type CreditHolidayStatus,
  type LedgerEntry,
} from '@zaymo/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import {
  clients,
  collectionProtections,
  creditHolidays,
  loanLedger,
  loanOrders,
  staff,
  type CreditHolidayRow,
  type LoanOrderRow,
} from '../../db/schema';
import type { Transaction } from '../../db/locks';
import { AppError } from '../../errors';
import { fullName } from '../crm/tickets';
import { assertTransition, OPEN_LOAN_STATUSES } from '../loans/status-machine';
import { syncLockedLoan } from '../servicing/accrual';
import { sendDecisionSms } from './decision-sms';
import { presentCrmHoliday } from './present';
import { dueOnNewDate, ordersById, presentRows } from './requests';
import { decisionOverdue, holidayDayPercent, holidayOfRow } from './rules';

/*
 * The risk specialist's side: the queue and the decision. An approval changes the loan's terms
 * as the law says (353-FZ art. 6.1-1; 377-FZ art. 1): the due date moves by the holiday's length,
 * no penalty accrues on its days, charges already booked for them are corrected, and collections
 * may not contact the client until it ends (230-FZ art. 7 with the credit-holidays protection).
 */

type HolidaysContext = Pick<AppContext, 'db' | 'clock' | 'config'>;
type DecisionContext = HolidaysContext & Pick<AppContext, 'messaging'>;

async function crmViews(
  ctx: HolidaysContext,
  rows: readonly CreditHolidayRow[],
): Promise<CrmCreditHoliday[]> {
  const orders = await ordersById(
    ctx.db,
    rows.map((row) => row.orderId),
  );
  const views = await presentRows(ctx, rows, orders);
  const clientIds = [...new Set(rows.map((row) => row.clientId))];
  const people =
    clientIds.length === 0
      ? []
      : await ctx.db.select().from(clients).where(inArray(clients.id, clientIds));
  const deciderIds = rows.flatMap((row) => (row.decidedBy === null ? [] : [row.decidedBy]));
  const deciders =
    deciderIds.length === 0
      ? []
      : await ctx.db
          .select({ id: staff.id, name: staff.name })
          .from(staff)
          .where(inArray(staff.id, deciderIds));
  const today = moscowDate(ctx.clock.now());
  return views.map((view) => {
    const row = rows.find((candidate) => candidate.id === view.id);
    const person = people.find((candidate) => candidate.id === row?.clientId);
    const decider = deciders.find((candidate) => candidate.id === row?.decidedBy);
    return presentCrmHoliday(view, {
      clientId: row?.clientId ?? 0,
      clientName: (person && (fullName(person) ?? person.phone)) ?? '—',
      loanAmount: kopecks(orders.get(view.order_id)?.amount ?? 0n),
      decidedBy: decider?.name ?? null,
      overdue: row ? decisionOverdue(row, view.decide_by, today) : false,
    });
  });
}

/** GET /crm/credit-holidays: the requests of a status, the oldest pending first. */
export async function holidayQueue(
  ctx: HolidaysContext,
  status: CreditHolidayStatus,
): Promise<CrmCreditHoliday[]> {
  const rows = await ctx.db
    .select()
    .from(creditHolidays)
    .where(eq(creditHolidays.status, status))
    .orderBy(status === 'pending' ? creditHolidays.id : desc(creditHolidays.id))
    .limit(200);
  return crmViews(ctx, rows);
}

/** GET /crm/clients/:id/credit-holidays: the client's approved holidays, the newest first. */
export async function approvedHolidaysOfClient(
  ctx: HolidaysContext,
  clientId: number,
): Promise<CrmCreditHoliday[]> {
  const rows = await ctx.db
    .select()
    .from(creditHolidays)
    .where(and(eq(creditHolidays.clientId, clientId), eq(creditHolidays.status, 'approved')))
    .orderBy(desc(creditHolidays.id));
  return crmViews(ctx, rows);
}

async function lockPending(tx: Transaction, id: number): Promise<CreditHolidayRow> {
  const [row] = await tx
    .select()
    .from(creditHolidays)
    .where(eq(creditHolidays.id, id))
    .for('update');
  if (!row) throw new AppError('CREDIT_HOLIDAY_NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('CREDIT_HOLIDAY_ALREADY_DECIDED');
  return row;
}

async function lockOrder(tx: Transaction, orderId: number): Promise<LoanOrderRow> {
  const [order] = await tx
    .select()
    .from(loanOrders)
    .where(eq(loanOrders.id, orderId))
    .for('update');
  if (!order) throw new AppError('CREDIT_HOLIDAY_NOT_FOUND');
  return order;
}

async function bookCorrections(
  tx: Transaction,
  orderId: number,
  entries: readonly LedgerEntry[],
  now: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(loanLedger).values(
    entries.map((entry) => ({
      orderId,
      entryKey: entry.id,
      kind: entry.kind,
      amount: entry.amount,
      entryDate: entry.date,
      reverses: entry.kind === 'reversal' ? entry.reverses : null,
      createdAt: now,
    })),
  );
}

/** Moves the due date past the holiday; an overdue loan is in term again. */
async function moveDueDate(
  tx: Transaction,
  order: LoanOrderRow,
  dueDate: string,
  today: string,
  now: Date,
): Promise<LoanOrderRow> {
  const inTerm = compareDates(dueDate, today) >= 0;
  const back = order.statusId === ORDER_STATUS.EXPIRED && inTerm;
  if (back) assertTransition(ORDER_STATUS.EXPIRED, ORDER_STATUS.GIVEN);
  const [moved] = await tx
    .update(loanOrders)
    .set({ dueDate, updatedAt: now, ...(back ? { statusId: ORDER_STATUS.GIVEN } : {}) })
    .where(eq(loanOrders.id, order.id))
    .returning();
  if (!moved) throw new AppError('CREDIT_HOLIDAY_NOT_FOUND');
  return moved;
}

async function approve(
  ctx: HolidaysContext,
  tx: Transaction,
  row: CreditHolidayRow,
  input: { staffId: number; reason: string },
): Promise<void> {
  const now = ctx.clock.now();
  const today = moscowDate(now);
  const locked = await lockOrder(tx, row.orderId);
  if (!OPEN_LOAN_STATUSES.includes(locked.statusId))
    throw new AppError('CREDIT_HOLIDAY_LOAN_CLOSED');
  const synced = await syncLockedLoan(tx, locked, now, ctx.config.loans.servicing.limits);
  const dayPercent = holidayDayPercent(ctx.config.loans.creditHolidays, row.ground);
  const holiday = holidayOfRow({ ...row, dayPercent });
  const contractRate = parseDailyPercent(synced.order.dayPercent);
  if (!contractRate || !synced.order.dueDate) throw new AppError('CREDIT_HOLIDAY_LOAN_CLOSED');
  const corrections = holidayCorrections(synced.entries, holiday, contractRate, today);
  await bookCorrections(tx, row.orderId, corrections.entries, now);
  const dueDateAfter = dueDateAfterHoliday(synced.order.dueDate, holiday);
  const moved = await moveDueDate(tx, synced.order, dueDateAfter, today, now);
  await tx
    .update(creditHolidays)
    .set({
      status: 'approved',
      dueDateBefore: synced.order.dueDate,
      dueDateAfter,
      dueOnNewDate: await dueOnNewDate(ctx, moved, tx),
      dayPercent,
      reason: input.reason,
      decidedBy: input.staffId,
      decidedAt: now,
    })
    .where(eq(creditHolidays.id, row.id));
  await tx.insert(collectionProtections).values({
    clientId: row.clientId,
    kind: 'credit_holidays',
    fromDate: row.startDate,
    untilDate: row.untilDate,
    note: `Кредитные каникулы по запросу № ${row.id}`,
    staffId: input.staffId,
    createdAt: now,
  });
}

/**
 * POST /crm/credit-holidays/:id/decide: approve (the terms change) or refuse, with a reason; the
 * client is told by SMS once the decision is committed.
 */
export async function decideHoliday(
  ctx: DecisionContext,
  id: number,
  decider: { staffId: number; log: FastifyBaseLogger },
  decision: CrmDecideCreditHolidayRequest,
): Promise<CrmCreditHoliday> {
  const { staffId } = decider;
  await ctx.db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    if (decision.decision === 'approve') {
      await approve(ctx, tx, row, { staffId, reason: decision.reason });
      return;
    }
    await tx
      .update(creditHolidays)
      .set({
        status: 'refused',
        reason: decision.reason,
        decidedBy: staffId,
        decidedAt: ctx.clock.now(),
      })
      .where(and(eq(creditHolidays.id, id), eq(creditHolidays.status, 'pending')));
  });
  const [row] = await ctx.db.select().from(creditHolidays).where(eq(creditHolidays.id, id));
  const [view] = row ? await crmViews(ctx, [row]) : [];
  if (!view) throw new AppError('CREDIT_HOLIDAY_NOT_FOUND');
  await sendDecisionSms(ctx, view, decider.log);
  return view;
}
