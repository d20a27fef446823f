import { randomUUID } from 'node:crypto';
import {
  addDays,
  balanceOf,
  compareDates,
  daysBetween,
  kopecks,
  moscowDate,
  ORDER_STATUS,
  type Balance,
  type Kopecks,
  type LedgerEntry,
  type PaymentEntry,
} from '@zaymo/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/locks';
import {
  bureauDeals,
  clients,
  creditHistoryEvents,
  type CreditEventKind,
  type LoanOrderRow,
} from '../../db/schema';
import {
  newDealUid,
  type BureauPerson,
  type CreditEvent,
  type CreditEventCode,
  type DealBlock,
  type DebtBlock,
  type DebtParts,
} from '../../integrations/bureau';
import { loanMonthlyPayment } from '../scoring/debt-load';
import { toPayload } from './payload';

/*
 * The credit-history outbox (218-FZ art. 5 part 3.1: a lender reports every loan to at least one
 * qualified bureau; the events and their blocks: Bank of Russia regulation 758-П). Each function
 * runs inside the transaction of the event itself — the order made, decided, paid out, a payment
 * booked, the loan gone overdue, prolonged or closed — so an event is queued if and only if it
 * happened; the reporting job sends it later (reporting.ts). The figures are those of the
 * moment: the debt after the event, from the loan's ledger.
 */

/** Справочник 6.5 of 758-П: the lender's own refusal (to confirm with NBKI's list). */
const REJECT_CODE = '1';
/** Справочник 3.8 of 758-П: the obligation was performed in full (to confirm). */
const PERFORMED_CODE = '1';
/**
 * Справочник 3.8 of 758-П: the obligation ended by the lender forgiving the debt (Civil Code
 * art. 415) — a whole-debt write-off. To confirm with a lawyer and NBKI's list
 * (docs/money-and-law.md).
 */
export const FORGIVEN_END_CODE = '5';
/**
 * Block 55.8, until when the approval stands. An offer does not lapse by itself here; НБКИ drops
 * an application with no deal 10 working days after this day, so it is set to outlast a client
 * who signs weeks later.
 */
const APPROVAL_DAYS = 30;

const NOTHING = kopecks(0n);

async function dealUidOf(tx: Transaction, order: LoanOrderRow, now: Date): Promise<string> {
  const [known] = await tx
    .select({ uid: bureauDeals.uid })
    .from(bureauDeals)
    .where(eq(bureauDeals.orderId, order.id));
  if (known) return known.uid;
  const uid = newDealUid();
  await tx
    .insert(bureauDeals)
    .values({ orderId: order.id, clientId: order.clientId, uid, createdAt: now })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ uid: bureauDeals.uid })
    .from(bureauDeals)
    .where(eq(bureauDeals.orderId, order.id));
  return row?.uid ?? uid;
}

type ClientName = Pick<typeof clients.$inferSelect, 'surname' | 'name' | 'patronymic'>;

function personFrom(order: LoanOrderRow, client: ClientName | undefined): BureauPerson {
  const snapshot = order.clientSnapshot;
  return {
    surname: client?.surname ?? '',
    name: client?.name ?? '',
    patronymic: client?.patronymic ?? null,
    birthDate: snapshot.birthDate ?? '',
    birthPlace: snapshot.birthPlace ?? '',
    passport: {
      series: snapshot.passport?.series ?? '',
      number: snapshot.passport?.number ?? '',
      issueDate: snapshot.passport?.issueDate ?? '',
      issuedBy: snapshot.passport?.issuedBy ?? '',
      divisionCode: snapshot.passport?.divisionCode ?? '',
    },
  };
}

async function personOf(tx: Transaction, order: LoanOrderRow): Promise<BureauPerson> {
  const [client] = await tx
    .select({ surname: clients.surname, name: clients.name, patronymic: clients.patronymic })
    .from(clients)
    .where(eq(clients.id, order.clientId));
  return personFrom(order, client);
}

const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

function moscowTime(now: Date): string {
  return new Date(now.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(11, 19);
}

type Blocks = Pick<CreditEvent, 'application' | 'deal' | 'debt' | 'change' | 'end'>;

interface QueuedEvent {
  kind: CreditEventKind;
  code: CreditEventCode;
  blocks: Blocks;
}

function eventRow(
  order: LoanOrderRow,
  now: Date,
  event: QueuedEvent,
  who: { dealUid: string; person: BureauPerson },
): typeof creditHistoryEvents.$inferInsert {
  const id = randomUUID();
  const payload: CreditEvent = {
    id,
    code: event.code,
    date: moscowDate(now),
    time: moscowTime(now),
    ...who,
    ...event.blocks,
  };
  return {
    eventUid: id,
    clientId: order.clientId,
    orderId: order.id,
    kind: event.kind,
    code: event.code,
    payload: toPayload(payload),
    occurredAt: now,
    nextAttemptAt: now,
  };
}

async function queue(
  tx: Transaction,
  order: LoanOrderRow,
  now: Date,
  event: QueuedEvent,
): Promise<void> {
  const who = { dealUid: await dealUidOf(tx, order, now), person: await personOf(tx, order) };
  await tx.insert(creditHistoryEvents).values(eventRow(order, now, event, who));
}

function application(order: LoanOrderRow, approved: boolean | null, today: string) {
  return {
    amount: kopecks(order.amount),
    date: moscowDate(order.createdAt),
    approvedUntil: approved ? addDays(today, APPROVAL_DAYS) : null,
    approvedAmount: approved ? kopecks(order.amount) : null,
    reject: approved === false ? { date: today, code: REJECT_CODE } : null,
  };
}

function deal(order: LoanOrderRow, openedOn: string): DealBlock {
  return {
    number: order.contractNumber ?? String(order.id),
    openedOn,
    amount: kopecks(order.amount),
    dueDate: order.dueDate ?? openedOn,
    interestDue: kopecks(order.interest),
    pskPercent: order.pskPercent,
    pskAmount: kopecks(order.pskAmount),
  };
}

function parts(balance: Balance): DebtParts {
  return {
    total: balance.total,
    principal: balance.principal,
    interest: balance.interest,
    other: balance.penalty,
  };
}

function overdueOf(order: LoanOrderRow, balance: Balance, today: string): DebtBlock['overdue'] {
  const due = order.dueDate;
  if (!due || balance.total === 0n || compareDates(today, due) <= 0) return null;
  return { ...parts(balance), since: addDays(due, 1), days: daysBetween(due, today) };
}

function paidTotal(entries: readonly LedgerEntry[]): Kopecks {
  return kopecks(
    entries.reduce((sum, entry) => {
      if (entry.kind !== 'payment' && entry.kind !== 'prolongation_fee') return sum;
      const { penalty, interest, principal } = entry.allocation;
      return sum + penalty + interest + principal;
    }, 0n),
  );
}

/** Blocks 25–29 after the event: the debt, any overdue, the payment that changed it. */
function debt(
  order: LoanOrderRow,
  entries: readonly LedgerEntry[],
  today: string,
  payment: PaymentEntry | null,
): DebtBlock {
  const balance = balanceOf(entries);
  const { allocation } = payment ?? { allocation: null };
  return {
    calcDate: today,
    debt: parts(balance),
    overdue: overdueOf(order, balance, today),
    payment:
      payment && allocation
        ? {
            total: kopecks(allocation.penalty + allocation.interest + allocation.principal),
            principal: allocation.principal,
            interest: allocation.interest,
            other: allocation.penalty,
            date: payment.date,
            onTime: !order.dueDate || compareDates(payment.date, order.dueDate) <= 0,
            paidTotal: paidTotal(entries),
          }
        : null,
    monthlyPayment:
      balance.total === 0n ? NOTHING : loanMonthlyPayment(balance.total, order.period),
  };
}

function openedOn(order: LoanOrderRow, entries: readonly LedgerEntry[]): string {
  return (
    entries.find((entry) => entry.kind === 'payout')?.date ??
    moscowDate(order.givenAt ?? order.createdAt)
  );
}

/** 1.1: the client applied (the order is made). */
export function queueApplication(tx: Transaction, order: LoanOrderRow, now: Date): Promise<void> {
  return queue(tx, order, now, {
    kind: 'application',
    code: '1.1',
    blocks: { application: application(order, null, moscowDate(now)) },
  });
}

/** 1.2 the offer, or 1.3 the refusal (block 57). */
export function queueDecision(tx: Transaction, order: LoanOrderRow, now: Date): Promise<void> {
  const approved = order.statusId === ORDER_STATUS.APPROVED;
  return queue(tx, order, now, {
    kind: approved ? 'approval' : 'refusal',
    code: approved ? '1.2' : '1.3',
    blocks: { application: application(order, approved, moscowDate(now)) },
  });
}

/** 1.4 the contract made, and 2.2 the money provided: both on the payout day. */
export async function queuePayout(
  tx: Transaction,
  order: LoanOrderRow,
  entries: readonly LedgerEntry[],
  now: Date,
): Promise<void> {
  const today = moscowDate(now);
  const dealBlock = deal(order, openedOn(order, entries));
  await queue(tx, order, now, {
    kind: 'contract',
    code: '1.4',
    blocks: { deal: dealBlock, application: application(order, true, today) },
  });
  await queue(tx, order, now, {
    kind: 'payout',
    code: '2.2',
    blocks: { deal: dealBlock, debt: debt(order, entries, today, null) },
  });
}

/** 2.3 a payment booked; 2.5 as well when it repaid the loan in full. */
export async function queuePayment(
  tx: Transaction,
  order: LoanOrderRow,
  entries: readonly LedgerEntry[],
  payment: PaymentEntry,
  now: Date,
): Promise<void> {
  const today = moscowDate(now);
  const dealBlock = deal(order, openedOn(order, entries));
  const after = debt(order, entries, today, payment);
  await queue(tx, order, now, {
    kind: 'payment',
    code: '2.3',
    blocks: { deal: dealBlock, debt: after },
  });
  if (after.debt.total > 0n) return;
  await queue(tx, order, now, {
    kind: 'closure',
    code: '2.5',
    blocks: { deal: dealBlock, debt: after, end: { date: today, code: PERFORMED_CODE } },
  });
}

/** 2.5 the obligation ended by a write-off of the whole debt (Civil Code art. 415). */
export function queueForgiven(
  tx: Transaction,
  order: LoanOrderRow,
  entries: readonly LedgerEntry[],
  now: Date,
): Promise<void> {
  const today = moscowDate(now);
  return queue(tx, order, now, {
    kind: 'closure',
    code: '2.5',
    blocks: {
      deal: deal(order, openedOn(order, entries)),
      debt: debt(order, entries, today, null),
      end: { date: today, code: FORGIVEN_END_CODE },
    },
  });
}

/** 2.1 a prolongation moved the due date (its payment in the debt block). */
export async function queueProlongation(
  tx: Transaction,
  order: LoanOrderRow,
  entries: readonly LedgerEntry[],
  payment: PaymentEntry,
  newDueDate: string,
  now: Date,
): Promise<void> {
  const today = moscowDate(now);
  const prolonged = { ...order, dueDate: newDueDate };
  await queue(tx, prolonged, now, {
    kind: 'prolongation',
    code: '2.1',
    blocks: {
      deal: deal(prolonged, openedOn(order, entries)),
      debt: debt(prolonged, entries, today, payment),
      change: { date: today, newDueDate },
    },
  });
}

function overdueEvent(
  order: LoanOrderRow,
  entries: readonly LedgerEntry[],
  now: Date,
): QueuedEvent {
  return {
    kind: 'overdue',
    code: '2.3',
    blocks: {
      deal: deal(order, openedOn(order, entries)),
      debt: debt(order, entries, moscowDate(now), null),
    },
  };
}

/** 2.3 the loan went overdue (the day after its due date). */
export function queueOverdue(
  tx: Transaction,
  order: LoanOrderRow,
  entries: readonly LedgerEntry[],
  now: Date,
): Promise<void> {
  return queue(tx, order, now, overdueEvent(order, entries, now));
}

/** The deal ids of several orders, made for those that have none yet: three statements. */
async function dealUidsOf(
  tx: Transaction,
  orders: readonly LoanOrderRow[],
  now: Date,
): Promise<Map<number, string>> {
  const ids = orders.map((order) => order.id);
  const known = () =>
    tx
      .select({ orderId: bureauDeals.orderId, uid: bureauDeals.uid })
      .from(bureauDeals)
      .where(inArray(bureauDeals.orderId, ids));
  const before = new Set((await known()).map((row) => row.orderId));
  const missing = orders.filter((order) => !before.has(order.id));
  if (missing.length > 0) {
    await tx
      .insert(bureauDeals)
      .values(
        missing.map((order) => ({
          orderId: order.id,
          clientId: order.clientId,
          uid: newDealUid(),
          createdAt: now,
        })),
      )
      .onConflictDoNothing();
  }
  return new Map((await known()).map((row) => [row.orderId, row.uid]));
}

/** queueOverdue for many loans at once: their deal ids, their clients and the events in one read each. */
export async function queueOverdues(
  tx: Transaction,
  loans: readonly { order: LoanOrderRow; entries: readonly LedgerEntry[] }[],
  now: Date,
): Promise<void> {
  if (loans.length === 0) return;
  const orders = loans.map((loan) => loan.order);
  const uids = await dealUidsOf(tx, orders, now);
  const names = await tx
    .select({
      id: clients.id,
      surname: clients.surname,
      name: clients.name,
      patronymic: clients.patronymic,
    })
    .from(clients)
    .where(inArray(clients.id, [...new Set(orders.map((order) => order.clientId))]));
  const byId = new Map(names.map((client) => [client.id, client]));
  await tx.insert(creditHistoryEvents).values(
    loans.map(({ order, entries }) =>
      eventRow(order, now, overdueEvent(order, entries, now), {
        dealUid: uids.get(order.id) ?? newDealUid(),
        person: personFrom(order, byId.get(order.clientId)),
      }),
    ),
  );
}
