import {
  COLLECTIONS_PAGE_SIZE,
  ORDER_STATUS,
  OVERDUE_BUCKETS,
  addDays,
  daysBetween,
  kopecks,
  moscowDate,
  overdueBucketOf,
  startOfMoscowDay,
  toMoneyString,
  type CrmCallback,
  type CrmCollectionsQuery,
  type CrmContact,
  type CrmOverdueLoan,
  type CrmPromise,
  type IsoDate,
} from '@zaymo/contract';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  like,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import {
  clients,
  collectionAssignments,
  collectionCallbacks,
  collectionContacts,
  loanOrders,
  staff,
  type CollectionCallbackRow,
  type LoanOrderRow,
} from '../../db/schema';
import { AppError } from '../../errors';
import { maskPhone } from '../../russian';
import { loanPosition } from '../loans/ledger';
import { loadLoansTerms } from '../loans/terms';
import { promiseState, promisesOf, promiseView } from './promises';

/*
 * The overdue queue: issued loans past their due date, by days past due (the Moscow date of the server's clock minus
 * the due date), the longest overdue first. A page is a range scan of loan_orders_overdue_idx.
 */

type QueueContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

const collector = alias(staff, 'collector');

const queueColumns = {
  order: loanOrders,
  surname: clients.surname,
  name: clients.name,
  patronymic: clients.patronymic,
  phone: clients.phone,
  collectorId: collector.id,
  collectorName: collector.name,
};

type QueueRow = {
  order: LoanOrderRow;
  surname: string | null;
  name: string | null;
  patronymic: string | null;
  phone: string;
  collectorId: number | null;
  collectorName: string | null;
};

function queueSelect(ctx: QueueContext) {
  return ctx.db
    .select(queueColumns)
    .from(loanOrders)
    .innerJoin(clients, eq(clients.id, loanOrders.clientId))
    .leftJoin(collectionAssignments, eq(collectionAssignments.orderId, loanOrders.id))
    .leftJoin(collector, eq(collector.id, collectionAssignments.staffId));
}

/**
 * Overdue: issued (the partial index's predicate) and due before today, also before the accrual
 * job has moved the loan to EXPIRED.
 */
function overdueOn(today: IsoDate): SQL[] {
  return [
    inArray(loanOrders.statusId, [ORDER_STATUS.GIVEN, ORDER_STATUS.EXPIRED]),
    sql`${loanOrders.dueDate} < ${today}`,
  ];
}

function bucketFilter(today: IsoDate, bucket: CrmCollectionsQuery['bucket']): SQL[] {
  if (!bucket) return [];
  const { from, to } = OVERDUE_BUCKETS[bucket];
  const range = [lte(loanOrders.dueDate, addDays(today, -from))];
  if (to !== null) range.push(gte(loanOrders.dueDate, addDays(today, -to)));
  return range;
}

function collectorFilter(viewerId: number, value: string | undefined): SQL[] {
  if (value === undefined) return [];
  if (value === 'none') return [isNull(collectionAssignments.staffId)];
  return [eq(collectionAssignments.staffId, value === 'mine' ? viewerId : Number(value))];
}

function searchFilter(q: string | undefined): SQL[] {
  const text = q?.trim();
  if (!text) return [];
  const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  const digits = text.replace(/\D/g, '');
  const matches: SQL[] = [
    ilike(loanOrders.contractNumber, `${escaped}%`),
    ilike(clients.surname, `${escaped}%`),
  ];
  if (digits.length >= 4) matches.push(like(clients.phone, `%${digits}%`));
  return [or(...matches) as SQL];
}

function cursorFilter(cursor: string | undefined): SQL[] {
  if (!cursor) return [];
  const [dueDate = '', id] = cursor.split(':');
  return [
    or(
      gt(loanOrders.dueDate, dueDate),
      and(eq(loanOrders.dueDate, dueDate), gt(loanOrders.id, Number(id))),
    ) as SQL,
  ];
}

const money = (value: bigint): string => toMoneyString(kopecks(value));

function clientName(row: Pick<QueueRow, 'surname' | 'name' | 'patronymic'>): string {
  return [row.surname, row.name, row.patronymic].filter(Boolean).join(' ') || 'Без имени';
}

/** The last contact of each order, newest first. */
async function lastContacts(
  ctx: QueueContext,
  orderIds: readonly number[],
): Promise<Map<number, CrmContact>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectDistinctOn([collectionContacts.orderId], {
      contact: collectionContacts,
      staffName: staff.name,
    })
    .from(collectionContacts)
    .leftJoin(staff, eq(staff.id, collectionContacts.staffId))
    .where(inArray(collectionContacts.orderId, [...orderIds]))
    .orderBy(collectionContacts.orderId, desc(collectionContacts.at), desc(collectionContacts.id));
  return new Map(
    rows.map(({ contact, staffName }) => [contact.orderId, contactView(contact, staffName)]),
  );
}

export function contactView(
  contact: typeof collectionContacts.$inferSelect,
  staffName: string | null,
): CrmContact {
  return {
    id: contact.id,
    channel: contact.channel,
    at: contact.at.toISOString(),
    staff_name: staffName,
    note: contact.note,
  };
}

export function callbackView(callback: CollectionCallbackRow): CrmCallback {
  return {
    id: callback.id,
    at: callback.at.toISOString(),
    requested_at: callback.createdAt.toISOString(),
  };
}

/** The soonest call-back of each order from `since` on. */
async function nextCallbacks(
  ctx: QueueContext,
  orderIds: readonly number[],
  since: Date,
): Promise<Map<number, CrmCallback>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectDistinctOn([collectionCallbacks.orderId])
    .from(collectionCallbacks)
    .where(
      and(inArray(collectionCallbacks.orderId, [...orderIds]), gte(collectionCallbacks.at, since)),
    )
    .orderBy(collectionCallbacks.orderId, asc(collectionCallbacks.at), asc(collectionCallbacks.id));
  return new Map(rows.map((row) => [row.orderId, callbackView(row)]));
}

interface Presented {
  loan: CrmOverdueLoan;
  promises: CrmPromise[];
}

async function present(ctx: QueueContext, rows: readonly QueueRow[]): Promise<Presented[]> {
  const now = ctx.clock.now();
  const today = moscowDate(now);
  const orderIds = rows.map((row) => row.order.id);
  const loans = await loadLoansTerms(
    ctx.db,
    rows.map((row) => row.order),
  );
  const contacts = await lastContacts(ctx, orderIds);
  const promises = await promisesOf(ctx, orderIds);
  const callbacks = await nextCallbacks(ctx, orderIds, startOfMoscowDay(now));
  return rows.map((row) => {
    const dueDate = row.order.dueDate ?? today;
    const daysPastDue = Math.max(1, daysBetween(dueDate, today));
    const { rows: ledger = [], terms = null } = loans.get(row.order.id) ?? {};
    const balance = loanPosition(terms, ledger, now, ctx.config.loans.servicing.limits)?.balance;
    const promiseViews = (promises.get(row.order.id) ?? []).map((promise) =>
      promiseView(promise, promiseState(promise.promise, ledger, row.order.statusId, today)),
    );
    const loan: CrmOverdueLoan = {
      order_id: row.order.id,
      client_id: row.order.clientId,
      client_name: clientName(row),
      phone_masked: maskPhone(row.phone),
      contract_number: row.order.contractNumber ?? `№${row.order.id}`,
      due_date: dueDate,
      days_past_due: daysPastDue,
      bucket: overdueBucketOf(daysPastDue),
      owed: {
        total: money(balance?.total ?? 0n),
        principal: money(balance?.principal ?? 0n),
        interest: money(balance?.interest ?? 0n),
        penalty: money(balance?.penalty ?? 0n),
      },
      last_contact: contacts.get(row.order.id) ?? null,
      promise: promiseViews[0] ?? null,
      callback: callbacks.get(row.order.id) ?? null,
      collector:
        row.collectorId === null ? null : { id: row.collectorId, name: row.collectorName ?? '' },
    };
    return { loan, promises: promiseViews };
  });
}

export interface QueuePage {
  loans: CrmOverdueLoan[];
  nextCursor: string | null;
  today: IsoDate;
}

/** One page of overdue loans for the staff member `viewerId` (for `collector=mine`). */
export async function overdueQueue(
  ctx: QueueContext,
  viewerId: number,
  query: CrmCollectionsQuery,
): Promise<QueuePage> {
  const today = moscowDate(ctx.clock.now());
  const rows = await queueSelect(ctx)
    .where(
      and(
        ...overdueOn(today),
        ...bucketFilter(today, query.bucket),
        ...collectorFilter(viewerId, query.collector),
        ...searchFilter(query.q),
        ...cursorFilter(query.cursor),
      ),
    )
    .orderBy(asc(loanOrders.dueDate), asc(loanOrders.id))
    .limit(COLLECTIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, COLLECTIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    loans: (await present(ctx, page)).map(({ loan }) => loan),
    nextCursor:
      rows.length > COLLECTIONS_PAGE_SIZE && last ? `${last.order.dueDate}:${last.order.id}` : null,
    today,
  };
}

/** One overdue loan as the queue shows it, with the client's full phone; 404 when not overdue. */
export async function overdueLoan(
  ctx: QueueContext,
  orderId: number,
): Promise<{ loan: CrmOverdueLoan; promises: CrmPromise[]; phone: string; clientId: number }> {
  const today = moscowDate(ctx.clock.now());
  const [row] = await queueSelect(ctx).where(and(eq(loanOrders.id, orderId), ...overdueOn(today)));
  if (!row) throw new AppError('OVERDUE_LOAN_NOT_FOUND');
  const [presented] = await present(ctx, [row]);
  if (!presented) throw new AppError('OVERDUE_LOAN_NOT_FOUND');
  return { ...presented, phone: row.phone, clientId: row.order.clientId };
}
