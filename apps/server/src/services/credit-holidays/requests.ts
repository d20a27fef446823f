import {
  debtOutlook,
  moscowDate,
  requestCreditHolidayFieldsSchema,
  toMoneyString,
  type CreditHolidayRequest,
  type CreditHolidaysResponse,
  type Kopecks,
} from '@zaymo/contract';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  creditHolidayDocuments,
  creditHolidays,
  loanOrders,
  type CreditHolidayRow,
  type LoanOrderRow,
} from '../../db/schema';
import type { Transaction } from '../../db/locks';
import { AppError } from '../../errors';
import { parseRequestPart } from '../../validation';
import { lockOwnOrder, ordersOfClient, type Db, type OrderAccessDenied } from '../loans/db';
import { toLedgerEntry } from '../loans/ledger';
import { OPEN_LOAN_STATUSES } from '../loans/status-machine';
import { loadLoanTerms } from '../loans/terms';
import {
  prepareAttachments,
  removeAttachments,
  writeAttachments,
  type TicketUpload,
} from '../tickets/attachments';
import { presentHoliday } from './present';
import { assertHolidayAllowed, decisionDueBy, periodOf } from './rules';
import { documentsOfHolidays, holidaysOfClient } from './store';

/*
 * The client's side of credit holidays (353-FZ art. 6.1-1, 377-FZ): the request with its
 * documents, and what became of it. Once a loan: a second request while one is pending or given
 * is refused (the unique index holds it under races too).
 */

type HolidaysContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** The sum due on the holiday's new due date if nothing is paid before it. */
export async function dueOnNewDate(
  ctx: HolidaysContext,
  order: LoanOrderRow,
  db: Db = ctx.db,
): Promise<Kopecks | null> {
  const { rows, terms } = await loadLoanTerms(db, order);
  if (!terms) return null;
  const today = moscowDate(ctx.clock.now());
  const outlook = debtOutlook(rows.map(toLedgerEntry), terms, today, limitsOf(ctx));
  return outlook.onDueDate?.total ?? outlook.today.total;
}

function limitsOf(ctx: HolidaysContext) {
  return ctx.config.loans.servicing.limits;
}

export async function presentRows(
  ctx: HolidaysContext,
  rows: readonly CreditHolidayRow[],
  orders: ReadonlyMap<number, LoanOrderRow>,
): Promise<CreditHolidayRequest[]> {
  const documents = await documentsOfHolidays(
    ctx.db,
    rows.map((row) => row.id),
  );
  const views: CreditHolidayRequest[] = [];
  for (const row of rows) {
    const order = orders.get(row.orderId);
    if (!order) continue;
    const due = row.status === 'approved' ? await dueOnNewDate(ctx, order) : null;
    const decideBy = decisionDueBy(ctx.config.loans.creditHolidays, row.createdAt);
    const figures = { dueOnNewDate: due, decideBy };
    views.push(presentHoliday(row, order, documents.get(row.id) ?? [], figures));
  }
  return views;
}

export async function ordersById(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, LoanOrderRow>();
  const rows = await db
    .select()
    .from(loanOrders)
    .where(inArray(loanOrders.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** GET /credit-holidays: the open loans a holiday may be asked for, the requests, the rules. */
export async function clientHolidays(
  ctx: HolidaysContext,
  clientId: number,
): Promise<CreditHolidaysResponse['data']> {
  const today = moscowDate(ctx.clock.now());
  const orders = await ordersOfClient(ctx.db, clientId);
  const rows = await holidaysOfClient(ctx.db, clientId);
  const open = orders.filter((order) => OPEN_LOAN_STATUSES.includes(order.statusId));
  const rules = ctx.config.loans.creditHolidays;
  return {
    today,
    loans: open.map((order) => ({
      order_id: order.id,
      contract_number: order.contractNumber ?? String(order.id),
      amount: toMoneyString(order.amount as Kopecks),
      due_date: order.dueDate ?? today,
      overdue: order.dueDate !== null && order.dueDate < today,
    })),
    requests: await presentRows(ctx, rows, new Map(orders.map((order) => [order.id, order]))),
    rules: {
      income_drop_max_months: rules.incomeDropMaxMonths,
      income_drop_max_loan: toMoneyString(rules.incomeDropMaxLoan),
      service_max_months: rules.serviceMaxMonths,
      service_requests_until: rules.serviceRequestsUntil,
    },
  };
}

async function refuseSecondRequest(tx: Transaction, orderId: number): Promise<void> {
  const existing = await tx
    .select({ status: creditHolidays.status })
    .from(creditHolidays)
    .where(inArray(creditHolidays.orderId, [orderId]));
  if (existing.some((row) => row.status !== 'refused')) {
    throw new AppError('CREDIT_HOLIDAY_ALREADY_REQUESTED');
  }
}

/** POST /credit-holidays: checks the ask, stores the documents, records the request. */
export async function requestHoliday(
  ctx: HolidaysContext,
  clientId: number,
  readUpload: () => Promise<TicketUpload>,
  onForeign: OrderAccessDenied,
): Promise<CreditHolidayRequest> {
  const upload = await readUpload();
  const fields = parseRequestPart(requestCreditHolidayFieldsSchema, upload.fields);
  if (upload.files.length === 0) throw new AppError('CREDIT_HOLIDAY_NO_DOCUMENTS');
  const prepared = await prepareAttachments(upload.files);
  const ask = { ground: fields.ground, startDate: fields.start_date, months: fields.months };
  const stored = await writeAttachments(ctx.config.filesDir, prepared);
  try {
    const { row, order } = await ctx.db.transaction(async (tx) => {
      const locked = await lockOwnOrder(tx, clientId, fields.order_id, onForeign);
      const now = ctx.clock.now();
      assertHolidayAllowed(ctx.config.loans.creditHolidays, locked, ask, moscowDate(now));
      await refuseSecondRequest(tx, locked.id);
      const period = periodOf(ask);
      const [inserted] = await tx
        .insert(creditHolidays)
        .values({
          clientId,
          orderId: locked.id,
          ground: ask.ground,
          status: 'pending',
          startDate: period.from,
          untilDate: period.until,
          months: ask.months,
          dueDateBefore: locked.dueDate ?? period.from,
          createdAt: now,
        })
        .returning();
      if (!inserted) throw new Error('The credit holiday request was not recorded');
      await tx
        .insert(creditHolidayDocuments)
        .values(
          stored.map((file) => ({ ...file, holidayId: inserted.id, clientId, createdAt: now })),
        );
      return { row: inserted, order: locked };
    });
    const [view] = await presentRows(ctx, [row], new Map([[order.id, order]]));
    if (!view) throw new Error('The credit holiday request was not presented');
    return view;
  } catch (error) {
    await removeAttachments(ctx.config.filesDir, stored);
    throw error;
  }
}
