import {
  CALLBACK_MAX_DAYS,
  ORDER_STATUS,
  addDays,
  russianDate,
  daysBetween,
  kopecks,
  toMoneyString,
  moscowDate,
  type Arrangements,
  type InteractionStatement,
  type IsoDate,
} from '@zaymo/contract';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  clientIdentities,
  collectionCallbacks,
  collectionPromises,
  collectionProtections,
  loanOrders,
  type LoanOrderRow,
} from '../../db/schema';
import { AppError, fieldRefusal } from '../../errors';
import { WorkingDays } from '../credit-history/working-days';
import { ledgerOf } from '../loans/ledger';
import { checkContact, instantAt, localTimeOf } from './contact-limits';
import { addPromise } from './contacts';
import { promiseState } from './promises';
import { timeZonesOfRegion } from './time-zones';

/*
 * The cabinet's side of an overdue loan: a promise to pay (the console's limits), a call-back at
 * an hour 230-FZ art. 7 part 3 item 1 allows in the client's zone, and the statements of art. 8
 * (a refusal of interaction, a representative), stored as the protections the contact limits obey.
 */

type CabinetContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

const calendar = new WorkingDays();

/** The client's overdue loan; 404 for another's, LOAN_NOT_OVERDUE before its due date passes. */
async function clientOverdueOrder(
  ctx: CabinetContext,
  clientId: number,
  orderId: number,
): Promise<LoanOrderRow & { dueDate: IsoDate }> {
  const [order] = await ctx.db
    .select()
    .from(loanOrders)
    .where(and(eq(loanOrders.id, orderId), eq(loanOrders.clientId, clientId)));
  if (!order) throw new AppError('NOT_FOUND');
  const today = moscowDate(ctx.clock.now());
  const open = order.statusId === ORDER_STATUS.GIVEN || order.statusId === ORDER_STATUS.EXPIRED;
  if (!open || !order.dueDate || order.dueDate >= today) throw new AppError('LOAN_NOT_OVERDUE');
  return { ...order, dueDate: order.dueDate };
}

/** The same day `months` calendar months later, or the month's last day when it has no such day. */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const day = Number(date.slice(8, 10));
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/**
 * The first day a refusal of interaction may be sent: 230-FZ art. 8 part 2 allows it once four
 * months have passed from the day the overdue began (the day after the due date).
 */
export function refusalFrom(dueDate: IsoDate, months: number): IsoDate {
  return addMonths(addDays(dueDate, 1), months);
}

async function clientZone(ctx: CabinetContext, clientId: number): Promise<string> {
  const [row] = await ctx.db
    .select({ addresses: clientIdentities.addresses })
    .from(clientIdentities)
    .where(eq(clientIdentities.clientId, clientId));
  const zones = timeZonesOfRegion(row?.addresses?.registration.region ?? null);
  return zones.length === 1 ? (zones[0] ?? 'Europe/Moscow') : 'Europe/Moscow';
}

function wallClock(at: Date, zone: string): string {
  const local = localTimeOf(at, zone);
  const [year, month, day] = local.date.split('-');
  return `${day}.${month}.${year} ${String(local.hour).padStart(2, '0')}:00`;
}

export async function arrangements(
  ctx: CabinetContext,
  clientId: number,
  orderId: number,
): Promise<Arrangements> {
  const order = await clientOverdueOrder(ctx, clientId, orderId);
  const today = moscowDate(ctx.clock.now());
  const zone = await clientZone(ctx, clientId);
  const ledger = await ledgerOf(ctx.db, orderId);
  const promises = await ctx.db
    .select()
    .from(collectionPromises)
    .where(eq(collectionPromises.orderId, orderId))
    .orderBy(desc(collectionPromises.id));
  const callbacks = await ctx.db
    .select()
    .from(collectionCallbacks)
    .where(eq(collectionCallbacks.orderId, orderId))
    .orderBy(asc(collectionCallbacks.at));
  const statements = await ctx.db
    .select()
    .from(collectionProtections)
    .where(
      and(
        eq(collectionProtections.clientId, clientId),
        isNull(collectionProtections.staffId),
        inArray(collectionProtections.kind, ['refusal', 'representative']),
      ),
    )
    .orderBy(desc(collectionProtections.id));
  return {
    days_overdue: daysBetween(order.dueDate, today),
    refusal_from: refusalFrom(order.dueDate, ctx.config.loans.interactionRefusalAfterMonths),
    time_zone: zone,
    promises: promises.map((promise) => ({
      amount: toMoneyString(kopecks(promise.amount)),
      due_on: promise.dueOn,
      made_on: promise.madeOn,
      state: promiseState(promise, ledger, order.statusId, today),
    })),
    callbacks: callbacks.map((row) => ({
      at: row.at.toISOString(),
      local: wallClock(row.at, zone),
    })),
    statements: statements.map((row) => ({
      kind: row.kind as InteractionStatement,
      from: row.fromDate,
      note: row.note,
    })),
  };
}

/** The client's promise, through the console's own checks (no staff member: made in the cabinet). */
export async function clientPromise(
  ctx: CabinetContext,
  clientId: number,
  orderId: number,
  input: { amount: string; due_on: string },
) {
  await clientOverdueOrder(ctx, clientId, orderId);
  const { promise } = await addPromise(ctx, orderId, null, input);
  return {
    amount: promise.amount,
    due_on: promise.due_on,
    made_on: promise.made_on,
    state: promise.state,
  };
}

function refuseField(field: 'date' | 'hour', message: string): never {
  throw fieldRefusal({ [field]: message });
}

/**
 * A call-back at `hour`:00 of `date` on the client's wall clock: later than now, within
 * CALLBACK_MAX_DAYS, and inside the hours the law allows a call there (the same table the
 * console's limits use, asked about that moment alone).
 */
export async function requestCallback(
  ctx: CabinetContext,
  clientId: number,
  orderId: number,
  input: { date: string; hour: number },
): Promise<{ at: string; local: string }> {
  await clientOverdueOrder(ctx, clientId, orderId);
  const now = ctx.clock.now();
  const zone = await clientZone(ctx, clientId);
  const today = localTimeOf(now, zone).date;
  const last = addDays(today, CALLBACK_MAX_DAYS);
  if (input.date < today || input.date > last) {
    refuseField(
      'date',
      `Дата — от сегодня до ${russianDate(last)} (не дальше ${CALLBACK_MAX_DAYS} дней)`,
    );
  }
  const at = instantAt(input.date, input.hour, zone);
  if (at <= now) refuseField('hour', 'Выберите время позже текущего');
  const verdict = checkContact({
    channel: 'call',
    now: at,
    history: [],
    timeZones: [zone],
    calendar,
    protections: [],
  });
  if (!verdict.allowed) {
    throw new AppError('CALLBACK_OUTSIDE_HOURS', { reason: verdict.reason, law: verdict.law });
  }
  const [row] = await ctx.db
    .insert(collectionCallbacks)
    .values({ clientId, orderId, at, createdAt: now })
    .returning();
  if (!row) throw new Error('call-back not recorded');
  return { at: row.at.toISOString(), local: wallClock(row.at, zone) };
}

function statementNote(input: {
  kind: InteractionStatement;
  representative_name: string;
  representative_contact: string;
}): string {
  return input.kind === 'refusal'
    ? 'Отказ от взаимодействия подан клиентом в личном кабинете'
    : `Представитель (адвокат): ${input.representative_name}, ${input.representative_contact}. ` +
        'Подано клиентом в личном кабинете';
}

/**
 * A statement of 230-FZ art. 8 filed in the cabinet, in force from today: the contact limits
 * refuse every contact from then on (a representative: contact goes to the advocate instead).
 */
export async function fileInteractionStatement(
  ctx: CabinetContext,
  clientId: number,
  orderId: number,
  input: {
    kind: InteractionStatement;
    representative_name: string;
    representative_contact: string;
  },
) {
  const order = await clientOverdueOrder(ctx, clientId, orderId);
  const now = ctx.clock.now();
  const today = moscowDate(now);
  if (input.kind === 'refusal') {
    const months = ctx.config.loans.interactionRefusalAfterMonths;
    const from = refusalFrom(order.dueDate, months);
    if (today < from) {
      const [year, month, day] = from.split('-');
      throw new AppError('INTERACTION_REFUSAL_TOO_EARLY', {
        from: `${day}.${month}.${year}`,
        months,
      });
    }
  }
  const note = statementNote(input);
  const [row] = await ctx.db
    .insert(collectionProtections)
    .values({ clientId, kind: input.kind, fromDate: today, untilDate: null, note, createdAt: now })
    .returning();
  if (!row) throw new Error('statement not recorded');
  return { kind: input.kind, from: row.fromDate, note: row.note };
}
