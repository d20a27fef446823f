import { addDays, kopecks, ORDER_STATUS, type OrderStatusId, moscowDate } from '@zaymo/contract';
import { and, asc, count, eq, inArray, lt, ne, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/locks';
import {
  loanOrders,
  orderReviews,
  orderScorings,
  type LoanOrderRow,
  type ScoringRuleOutcome,
} from '../../db/schema';
import { formatDate } from '../../documents/pdf/format';
import { findIdentity } from '../identity/store';
import { moratoriumDays, moratoriumUntil } from '../loans/db';
import { assertTransition, OPEN_LOAN_STATUSES } from '../loans/status-machine';
import { sandboxBureau, type CreditBureau } from './bureau';
import { evaluateScoring, type ScoringInput, type ScoringResult } from './rules';
import { sandboxForcedDecision, type SandboxForce } from './sandbox-identities';

/*
 * Scoring of a new order: NEW → ACCEPTED (committed, so the client sees it is being checked),
 * then, under the order's row lock, the rules and the decision APPROVED or REFUSED — or manual
 * review (review.ts: the order stays ACCEPTED until a risk specialist decides). It runs
 * in-process right after the order is made; the sweep picks up whatever a restart left NEW or
 * ACCEPTED. Both take the row with FOR UPDATE SKIP LOCKED, so an order is decided once.
 */

type ScoringContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

const SCORABLE: OrderStatusId[] = [ORDER_STATUS.NEW, ORDER_STATUS.ACCEPTED];

export interface Decision {
  readonly orderId: number;
  /** review: the order waits in the console's manual-review queue, still ACCEPTED. */
  readonly outcome: 'approved' | 'refused' | 'review';
  readonly approved: boolean;
  readonly result: ScoringResult;
  readonly forced: SandboxForce | null;
}

export function contractNumberOf(orderId: number): string {
  return `ЗМ-${String(orderId).padStart(6, '0')}`;
}

export function refusalReason(until: string | null): string {
  const base = 'К сожалению, сейчас мы не можем выдать вам заём.';
  return until ? `${base} Новую заявку можно подать с ${formatDate(until)}.` : base;
}

async function markAccepted(tx: Transaction, order: LoanOrderRow, now: Date): Promise<void> {
  if (order.statusId !== ORDER_STATUS.NEW) return;
  assertTransition(ORDER_STATUS.NEW, ORDER_STATUS.ACCEPTED);
  await tx
    .update(loanOrders)
    .set({ statusId: ORDER_STATUS.ACCEPTED, updatedAt: now })
    .where(and(eq(loanOrders.id, order.id), eq(loanOrders.statusId, ORDER_STATUS.NEW)));
}

async function openLoansOf(tx: Transaction, order: LoanOrderRow): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(loanOrders)
    .where(
      and(
        eq(loanOrders.clientId, order.clientId),
        ne(loanOrders.id, order.id),
        inArray(loanOrders.statusId, [...OPEN_LOAN_STATUSES]),
      ),
    );
  return row?.count ?? 0;
}

async function scoringInput(
  tx: Transaction,
  ctx: ScoringContext,
  order: LoanOrderRow,
  bureau: CreditBureau,
): Promise<{ input: ScoringInput; surname: string | null }> {
  const today = moscowDate(ctx.clock.now());
  const identity = await findIdentity(tx, order.clientId);
  const personal = identity?.personal ?? null;
  const snapshot = order.clientSnapshot;
  const report = await bureau.report({
    fullName: snapshot.fullName,
    birthDate: personal?.birth_date ?? null,
    birthPlace: personal?.birth_place ?? null,
    passportNumber: snapshot.passport ? snapshot.passport.series + snapshot.passport.number : null,
  });
  const income = identity?.monthlyIncomeKopecks ?? null;
  const input: ScoringInput = {
    today,
    birthDate: personal?.birth_date ?? null,
    passportIssueDate: identity?.passport?.issue_date ?? null,
    monthlyIncome: income === null ? null : kopecks(income),
    payment: kopecks(order.returnSum),
    openLoans: await openLoansOf(tx, order),
    moratoriumUntil: await moratoriumUntil(tx, order.clientId, today),
    selfBan: report.selfBan,
    maxDebtLoadPercent: ctx.config.loans.scoring.maxDebtLoadPercent,
    reviewDebtLoadPercent: ctx.config.loans.scoring.reviewDebtLoadPercent,
  };
  return { input, surname: personal?.surname ?? null };
}

function decisionChanges(order: LoanOrderRow, approved: boolean, now: Date, days: number) {
  if (approved) {
    return {
      statusId: ORDER_STATUS.APPROVED,
      contractNumber: contractNumberOf(order.id),
      statusReason: null,
    };
  }
  const until = days > 0 ? addDays(moscowDate(now), days) : null;
  return {
    statusId: ORDER_STATUS.REFUSED,
    moratoriumUntil: until,
    statusReason: refusalReason(until),
  };
}

/**
 * The decision's one code path, automatic or by hand: the offer (contract number) or the
 * refusal with its moratorium, and the decision row with the rules it rests on.
 */
export async function applyDecision(
  tx: Transaction,
  ctx: ScoringContext,
  order: LoanOrderRow,
  decision: { approved: boolean; rules: readonly ScoringRuleOutcome[]; forcedBy: string | null },
): Promise<void> {
  const now = ctx.clock.now();
  const days = decision.approved ? 0 : await moratoriumDays(tx, ctx.config);
  const changes = decisionChanges(order, decision.approved, now, days);
  assertTransition(ORDER_STATUS.ACCEPTED, changes.statusId);
  await tx
    .update(loanOrders)
    .set({ ...changes, decidedAt: now, updatedAt: now })
    .where(and(eq(loanOrders.id, order.id), eq(loanOrders.statusId, ORDER_STATUS.ACCEPTED)));
  await tx.insert(orderScorings).values({
    orderId: order.id,
    approved: decision.approved,
    rules: [...decision.rules],
    forcedBy: decision.forcedBy,
    decidedAt: now,
  });
}

/** Scoring's third outcome: the order stays ACCEPTED and waits for a risk specialist. */
async function sendToReview(
  tx: Transaction,
  order: LoanOrderRow,
  rules: readonly ScoringRuleOutcome[],
  sentBy: string,
  now: Date,
): Promise<void> {
  await tx
    .insert(orderReviews)
    .values({ orderId: order.id, sentBy, rules: [...rules], createdAt: now });
  await tx.update(loanOrders).set({ updatedAt: now }).where(eq(loanOrders.id, order.id));
}

/**
 * The rules (or a sandbox identity) decide; the decision and every rule's outcome are stored.
 * A sandbox identity, or a payment in the debt load's grey zone, sends the order to manual review
 * (`review`) instead.
 */
async function decide(
  tx: Transaction,
  ctx: ScoringContext,
  order: LoanOrderRow,
  bureau: CreditBureau,
): Promise<Decision> {
  const now = ctx.clock.now();
  await markAccepted(tx, order, now);
  const { input, surname } = await scoringInput(tx, ctx, order, bureau);
  const result = evaluateScoring(input);
  const forced = ctx.config.loans.scoring.sandboxIdentities ? sandboxForcedDecision(surname) : null;
  // A sandbox identity decides first; otherwise the grey zone of the rules sends to a person.
  const reviewBy = forced ? (forced.decision === 'review' ? forced.marker : null) : result.review;
  if (reviewBy !== null) {
    await sendToReview(tx, order, result.rules, reviewBy, now);
    return { orderId: order.id, outcome: 'review', approved: false, result, forced };
  }
  const approved = forced ? forced.decision === 'approve' : result.approved;
  await applyDecision(tx, ctx, order, {
    approved,
    rules: result.rules,
    forcedBy: forced?.marker ?? null,
  });
  return {
    orderId: order.id,
    outcome: approved ? 'approved' : 'refused',
    approved,
    result,
    forced,
  };
}

/** Orders waiting for a person are never scored again (neither in-process nor by the sweep). */
const notInReview = notExists(
  sql`(select 1 from ${orderReviews} where ${orderReviews.orderId} = ${loanOrders.id})`,
);

function lockScorable(tx: Transaction, where: ReturnType<typeof and>) {
  return tx
    .select()
    .from(loanOrders)
    .where(and(inArray(loanOrders.statusId, SCORABLE), notInReview, where))
    .orderBy(asc(loanOrders.id))
    .limit(1)
    .for('update', { skipLocked: true });
}

/** Scores one order now; null when it is decided already or another worker holds it. */
export async function scoreOrder(
  ctx: ScoringContext,
  orderId: number,
  bureau: CreditBureau = sandboxBureau,
): Promise<Decision | null> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [order] = await lockScorable(tx, eq(loanOrders.id, orderId));
    if (order) await markAccepted(tx, order, now);
  });
  return ctx.db.transaction(async (tx) => {
    const [order] = await lockScorable(tx, eq(loanOrders.id, orderId));
    return order ? decide(tx, ctx, order, bureau) : null;
  });
}

export interface SweepOptions {
  readonly bureau?: CreditBureau;
  /** At most this many orders per sweep. */
  readonly limit?: number;
  /** An order whose scoring failed: it waits another SCORING_STALE_SECONDS, the sweep goes on. */
  readonly onError?: (orderId: number, error: unknown) => void;
}

/** Moves a failing order to the back of the queue, so it cannot block the others. */
async function postpone(ctx: ScoringContext, orderId: number): Promise<void> {
  await ctx.db
    .update(loanOrders)
    .set({ updatedAt: ctx.clock.now() })
    .where(and(eq(loanOrders.id, orderId), inArray(loanOrders.statusId, SCORABLE)));
}

/**
 * Orders left NEW or ACCEPTED longer than SCORING_STALE_SECONDS (a restart, a crash): each is
 * taken with SKIP LOCKED in its own transaction, so instances share the work and never decide an
 * order twice. Answers how many it decided.
 */
export async function sweepStuckOrders(
  ctx: ScoringContext,
  options: SweepOptions = {},
): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - ctx.config.loans.scoring.staleSeconds * 1000);
  let decided = 0;
  for (let round = 0; round < (options.limit ?? 50); round += 1) {
    const picked: { id: number | null } = { id: null };
    try {
      const decision = await ctx.db.transaction(async (tx) => {
        const [order] = await lockScorable(tx, lt(loanOrders.updatedAt, cutoff));
        if (!order) return null;
        picked.id = order.id;
        return decide(tx, ctx, order, options.bureau ?? sandboxBureau);
      });
      if (!decision) break;
      decided += 1;
    } catch (error) {
      if (picked.id === null) throw error;
      options.onError?.(picked.id, error);
      await postpone(ctx, picked.id);
    }
  }
  return decided;
}
