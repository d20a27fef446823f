import {
  balanceOf,
  forgivenessEntry,
  kopecks,
  moscowDate,
  parseMoney,
  toMoneyString,
  type CrmWaiver,
  type WaiverKind,
  type WaiverState,
} from '@zaymo/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/locks';
import {
  clients,
  collectionWaivers,
  loanLedger,
  loanOrders,
  staff,
  type CollectionWaiverRow,
  type LoanOrderRow,
} from '../../db/schema';
import { AppError } from '../../errors';
import { queueForgiven } from '../credit-history/events';
import { OPEN_LOAN_STATUSES } from '../loans/status-machine';
import { syncLockedLoan } from '../servicing/accrual';
import { markRepaid } from '../servicing/booking';
import { overdueLoan } from './queue';

/*
 * Waivers and write-offs with two people (maker-checker). A collector proposes; a second staff
 * member of role risk or admin (the route's least role) approves or refuses, never the one who
 * proposed. Only an approval books a ledger entry: a write-off (Civil Code art. 415) keyed
 * `waiver:<id>`, under the order's row lock the payment booking takes too, so neither a second
 * approval nor a payment settling at the same moment can forgive what is no longer owed.
 */

type WaiversContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

const money = (value: bigint): string => toMoneyString(kopecks(value));

const WHAT: Readonly<Record<Exclude<WaiverKind, 'write_off'>, string>> = {
  penalty: 'пени',
  interest: 'проценты',
};

export function waiverEntryKey(waiverId: number): string {
  return `waiver:${waiverId}`;
}

const proposer = alias(staff, 'proposer');
const decider = alias(staff, 'decider');

function waiversSelect(ctx: WaiversContext) {
  return ctx.db
    .select({
      waiver: collectionWaivers,
      contractNumber: loanOrders.contractNumber,
      surname: clients.surname,
      name: clients.name,
      patronymic: clients.patronymic,
      proposerName: proposer.name,
      deciderName: decider.name,
    })
    .from(collectionWaivers)
    .innerJoin(loanOrders, eq(loanOrders.id, collectionWaivers.orderId))
    .innerJoin(clients, eq(clients.id, loanOrders.clientId))
    .innerJoin(proposer, eq(proposer.id, collectionWaivers.proposedBy))
    .leftJoin(decider, eq(decider.id, collectionWaivers.decidedBy));
}

type WaiverJoined = Awaited<ReturnType<ReturnType<typeof waiversSelect>['where']>>[number];

function waiverView(row: WaiverJoined): CrmWaiver {
  const { waiver } = row;
  return {
    id: waiver.id,
    order_id: waiver.orderId,
    contract_number: row.contractNumber ?? `№${waiver.orderId}`,
    client_name: [row.surname, row.name, row.patronymic].filter(Boolean).join(' ') || 'Без имени',
    kind: waiver.kind,
    amount: money(waiver.amount),
    reason: waiver.reason,
    state: waiver.state,
    proposed_by: { id: waiver.proposedBy, name: row.proposerName },
    proposed_at: waiver.proposedAt.toISOString(),
    decided_by:
      waiver.decidedBy === null ? null : { id: waiver.decidedBy, name: row.deciderName ?? '' },
    decided_at: waiver.decidedAt?.toISOString() ?? null,
    decision_reason: waiver.decisionReason,
    written_off: waiver.writtenOff === null ? null : money(waiver.writtenOff),
  };
}

async function waiverById(ctx: WaiversContext, id: number): Promise<CrmWaiver> {
  const [row] = await waiversSelect(ctx).where(eq(collectionWaivers.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return waiverView(row);
}

/** The waivers of one loan, newest first (the loan's card). */
export async function waiversOf(ctx: WaiversContext, orderId: number): Promise<CrmWaiver[]> {
  const rows = await waiversSelect(ctx)
    .where(eq(collectionWaivers.orderId, orderId))
    .orderBy(desc(collectionWaivers.id));
  return rows.map(waiverView);
}

const LIST_LIMIT = 100;

/** «Согласование»: the proposals waiting (oldest first), or those in one state (newest first). */
export async function waiverList(
  ctx: WaiversContext,
  state: WaiverState | undefined,
): Promise<CrmWaiver[]> {
  const wanted = state ?? 'pending';
  const order = wanted === 'pending' ? asc(collectionWaivers.id) : desc(collectionWaivers.id);
  const rows = await waiversSelect(ctx)
    .where(eq(collectionWaivers.state, wanted))
    .orderBy(order)
    .limit(LIST_LIMIT);
  return rows.map(waiverView);
}

function proposedAmount(
  kind: WaiverKind,
  input: string | null,
  owed: { total: bigint; penalty: bigint; interest: bigint },
): bigint {
  if (kind === 'write_off') {
    if (owed.total <= 0n) throw new AppError('WAIVER_NOTHING_OWED');
    return owed.total;
  }
  const amount = input === null ? null : parseMoney(input);
  if (amount === null || amount <= 0n) {
    throw new AppError('WAIVER_AMOUNT_NOT_POSITIVE', { field: 'amount' });
  }
  if (amount > owed[kind]) {
    throw new AppError('WAIVER_ABOVE_OWED', { what: WHAT[kind], owed: money(owed[kind]) });
  }
  return amount;
}

/** A proposal to forgive penalty or interest (up to what is owed of it today) or the whole debt. */
export async function proposeWaiver(
  ctx: WaiversContext,
  orderId: number,
  staffId: number,
  input: { kind: WaiverKind; amount: string | null; reason: string },
): Promise<{ waiver: CrmWaiver; clientId: number }> {
  const { loan, clientId } = await overdueLoan(ctx, orderId);
  const owed = {
    total: parseMoney(loan.owed.total) ?? 0n,
    penalty: parseMoney(loan.owed.penalty) ?? 0n,
    interest: parseMoney(loan.owed.interest) ?? 0n,
  };
  const amount = proposedAmount(input.kind, input.amount, owed);
  const [row] = await ctx.db
    .insert(collectionWaivers)
    .values({
      orderId,
      kind: input.kind,
      amount,
      reason: input.reason,
      proposedBy: staffId,
      proposedAt: ctx.clock.now(),
    })
    .returning();
  if (!row) throw new Error('waiver not recorded');
  return { waiver: await waiverById(ctx, row.id), clientId };
}

async function lockedOrder(tx: Transaction, orderId: number): Promise<LoanOrderRow> {
  const [order] = await tx
    .select()
    .from(loanOrders)
    .where(eq(loanOrders.id, orderId))
    .for('update');
  if (!order) throw new AppError('NOT_FOUND');
  return order;
}

async function lockedPending(tx: Transaction, waiverId: number): Promise<CollectionWaiverRow> {
  const [waiver] = await tx
    .select()
    .from(collectionWaivers)
    .where(eq(collectionWaivers.id, waiverId))
    .for('update');
  if (!waiver) throw new AppError('NOT_FOUND');
  if (waiver.state !== 'pending') throw new AppError('WAIVER_DECIDED');
  return waiver;
}

/** Books the approved waiver's write-off; answers the sum forgiven. */
async function bookForgiveness(
  ctx: WaiversContext,
  tx: Transaction,
  order: LoanOrderRow,
  waiver: CollectionWaiverRow,
): Promise<bigint> {
  const now = ctx.clock.now();
  if (!OPEN_LOAN_STATUSES.includes(order.statusId)) throw new AppError('WAIVER_NOTHING_OWED');
  const loan = await syncLockedLoan(tx, order, now, ctx.config.loans.servicing.limits);
  const part = waiver.kind === 'write_off' ? 'debt' : waiver.kind;
  const entry = forgivenessEntry(loan.entries, {
    id: waiverEntryKey(waiver.id),
    date: moscowDate(now),
    part,
    amount: kopecks(waiver.amount),
  });
  if (!entry && part === 'debt') throw new AppError('WAIVER_NOTHING_OWED');
  if (!entry) {
    const kind = waiver.kind as Exclude<WaiverKind, 'write_off'>;
    const left = balanceOf(loan.entries)[kind];
    throw new AppError('WAIVER_DEBT_CHANGED', { what: WHAT[kind], owed: money(left) });
  }
  await tx.insert(loanLedger).values({
    orderId: order.id,
    entryKey: entry.id,
    kind: entry.kind,
    amount: entry.amount,
    entryDate: entry.date,
    allocatedPenalty: entry.allocation.penalty,
    allocatedInterest: entry.allocation.interest,
    allocatedPrincipal: entry.allocation.principal,
    createdAt: now,
  });
  const after = [...loan.entries, entry];
  if (balanceOf(after).total === 0n) {
    await markRepaid(tx, loan.order, now);
    await queueForgiven(tx, loan.order, after, now);
  }
  return entry.amount;
}

export interface WaiverTarget {
  readonly id: number;
  readonly orderId: number;
  readonly clientId: number;
  readonly proposedBy: number;
}

/** The proposal a decision is about; 404 when there is none. */
export async function waiverTarget(ctx: WaiversContext, waiverId: number): Promise<WaiverTarget> {
  const [found] = await ctx.db
    .select({
      id: collectionWaivers.id,
      orderId: collectionWaivers.orderId,
      clientId: loanOrders.clientId,
      proposedBy: collectionWaivers.proposedBy,
    })
    .from(collectionWaivers)
    .innerJoin(loanOrders, eq(loanOrders.id, collectionWaivers.orderId))
    .where(eq(collectionWaivers.id, waiverId));
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/**
 * Approves or refuses a pending proposal, once, by someone other than who proposed it (the
 * table's check refuses that too). The order's row is locked before the proposal's, the order
 * the payment booking locks in.
 */
export async function decideWaiver(
  ctx: WaiversContext,
  target: WaiverTarget,
  deciderId: number,
  input: { decision: 'approve' | 'refuse'; reason: string },
): Promise<CrmWaiver> {
  if (target.proposedBy === deciderId) throw new AppError('WAIVER_OWN_PROPOSAL');
  await ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, target.orderId);
    const waiver = await lockedPending(tx, target.id);
    const writtenOff =
      input.decision === 'approve' ? await bookForgiveness(ctx, tx, order, waiver) : null;
    await tx
      .update(collectionWaivers)
      .set({
        state: input.decision === 'approve' ? 'approved' : 'refused',
        decidedBy: deciderId,
        decidedAt: ctx.clock.now(),
        decisionReason: input.reason,
        writtenOff,
      })
      .where(and(eq(collectionWaivers.id, target.id), eq(collectionWaivers.state, 'pending')));
  });
  return waiverById(ctx, target.id);
}
