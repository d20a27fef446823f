import {
  addDays,
  checkHighCostLimits,
  debtLoadPercent,
  incomeForDebtLoad,
  needsDebtLoadNotice,
  type DebtLoadIncome,
  kopecks,
  laterDate,
  ORDER_STATUS,
  type OrderStatusId,
  moscowDate,
} from '@zaymo/contract';
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
import type { CreditBureau } from '../../integrations/bureau';
import { bureauWaitPolicy } from '../bureau/wait-policy';
import { queueDecision } from '../credit-history/events';
import { findIdentity, loadClient } from '../identity/store';
import { requiredIdentificationLevel } from '../loans/identification-rule';
import { moratoriumDays, moratoriumUntil } from '../loans/db';
import { assertTransition, OPEN_LOAN_STATUSES } from '../loans/status-machine';
import { checkBureau, type BureauCheck } from './bureau-check';
import { loanMonthlyPayment, othersMonthlyPayments } from './debt-load';
import {
  evaluateScoring,
  NO_BUREAU_EXPLANATION,
  type BureauFacts,
  type ScoringInput,
  type ScoringResult,
} from './rules';
import { sandboxForcedDecision, type SandboxForce } from './sandbox-identities';

/*
 * Scoring of a new order, in three steps so the credit bureau is never asked inside a
 * transaction: (1) the order is claimed — NEW → ACCEPTED and its updated_at touched, taken FOR
 * UPDATE SKIP LOCKED — and committed, so the client sees it is being checked; (2) the bureau is
 * asked (bureau-check.ts); (3) under the order's row lock again, the rules decide APPROVED or
 * REFUSED, or send it to manual review (review.ts). A bureau that does not answer decides
 * nothing: the order stays ACCEPTED, the client sees «проверяем кредитную историю», the sweep
 * asks again, and once the risk team's wait is over the order is refused or sent to a person.
 * It runs in-process right after the order is made; the sweep picks up whatever a restart or a
 * silent bureau left.
 */

type ScoringContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

const SCORABLE: OrderStatusId[] = [ORDER_STATUS.NEW, ORDER_STATUS.ACCEPTED];

/** The marker of an order sent to a person because the bureau would not answer. */
export const BUREAU_UNAVAILABLE_REVIEW = 'bureau:unavailable';

export interface Decision {
  readonly orderId: number;
  /** review: a person decides; waiting: the bureau has not answered, the order stays ACCEPTED. */
  readonly outcome: 'approved' | 'refused' | 'review' | 'waiting';
  readonly approved: boolean;
  readonly result: ScoringResult | null;
  readonly forced: SandboxForce | null;
}

export function contractNumberOf(orderId: number): string {
  return `ЗМ-${String(orderId).padStart(6, '0')}`;
}

const GENERIC_REFUSAL = 'К сожалению, сейчас мы не можем выдать вам заём.';

/** The refusal the client reads: the law's reason when there is one, and when to apply again. */
export function refusalReason(until: string | null, explanation: string | null = null): string {
  const base = explanation ?? GENERIC_REFUSAL;
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

/** What the rules see of the bureau: the report's facts, or the problem that kept it away. */
export function bureauFacts(
  check: Exclude<BureauCheck, { kind: 'unavailable' }>,
  order: LoanOrderRow,
  today: string,
  config: ScoringContext['config'],
): BureauFacts {
  const report = check.kind === 'answered' ? check.report : null;
  const obligations = report?.obligations ?? [];
  const open = obligations.filter((obligation) => obligation.closedOn === null);
  const history = report?.found ? 'кредитная история получена' : 'кредитной истории нет';
  return {
    detail: check.kind === 'answered' ? `${check.bureau}: ${history}` : check.problem,
    problem: check.kind === 'answered' ? null : check.problem,
    selfBan: report?.selfBan !== null && report?.selfBan !== undefined,
    monthlyPayments: othersMonthlyPayments(obligations),
    worstDaysPastDue: Math.max(0, ...open.map((obligation) => obligation.daysPastDue)),
    highCost: checkHighCostLimits(config.loans.scoring.highCostLimits, {
      today,
      newLoanPsk: order.pskPercent,
      obligations,
    }),
  };
}

type Identity = Awaited<ReturnType<typeof findIdentity>>;

/**
 * The income ПДН is computed on (6579-У): the declared one, capped by the average of the
 * registration address's region from 01.01.2026. None counts as confirmed: the way the client says
 * the income can be confirmed is recorded, but no confirming document or Госуслуги data reaches us
 * yet.
 */
function debtLoadIncomeOf(
  identity: Identity,
  ctx: ScoringContext,
  today: string,
): DebtLoadIncome | null {
  const declared = identity?.monthlyIncomeKopecks ?? null;
  if (declared === null) return null;
  return incomeForDebtLoad(ctx.config.loans.scoring.debtLoadIncome, {
    declared: kopecks(declared),
    confirmed: false,
    region: identity?.addresses?.registration.region ?? null,
    today,
  });
}

async function scoringInput(
  tx: Transaction,
  ctx: ScoringContext,
  order: LoanOrderRow,
  bureau: BureauFacts,
): Promise<{ input: ScoringInput; surname: string | null; income: DebtLoadIncome | null }> {
  const today = moscowDate(ctx.clock.now());
  const identity = await findIdentity(tx, order.clientId);
  const personal = identity?.personal ?? null;
  const income = debtLoadIncomeOf(identity, ctx, today);
  const { scoring } = ctx.config.loans;
  const input: ScoringInput = {
    today,
    birthDate: personal?.birth_date ?? null,
    passportIssueDate: identity?.passport?.issue_date ?? null,
    monthlyIncome: income?.income ?? null,
    payment: loanMonthlyPayment(kopecks(order.returnSum), order.period),
    openLoans: await openLoansOf(tx, order),
    moratoriumUntil: await moratoriumUntil(tx, order.clientId, today),
    bureau,
    maxDebtLoadPercent: scoring.maxDebtLoadPercent,
    reviewDebtLoadPercent: scoring.reviewDebtLoadPercent,
    maxDaysPastDue: scoring.maxDaysPastDue,
    identificationLevel: (await loadClient(tx, order.clientId)).identificationLevel,
    requiredIdentificationLevel: requiredIdentificationLevel(ctx.config, today),
  };
  return { input, surname: personal?.surname ?? null, income };
}

/**
 * The order keeps the ПДН it was scored with (353-FZ art. 5.1): the notice of the risk the
 * borrower signs before the contract is printed from it, whoever decides the order.
 */
async function recordDebtLoad(
  tx: Transaction,
  ctx: ScoringContext,
  order: LoanOrderRow,
  { input, income }: { input: ScoringInput; income: DebtLoadIncome | null },
): Promise<void> {
  if (!income || income.income <= 0n) return;
  const payments = kopecks(input.payment + input.bureau.monthlyPayments);
  const above = ctx.config.loans.scoring.debtLoadNoticeAbovePercent;
  await tx
    .update(loanOrders)
    .set({
      debtLoadPercent: debtLoadPercent(payments, income.income),
      debtLoadPayments: payments,
      debtLoadIncome: income.income,
      debtLoadIncomeBasis: income.basis,
      debtLoadIncomeRegion: income.region,
      debtLoadNotice: needsDebtLoadNotice(payments, income.income, above),
    })
    .where(eq(loanOrders.id, order.id));
}

interface DecisionInput {
  readonly approved: boolean;
  readonly rules: readonly ScoringRuleOutcome[];
  readonly forcedBy: string | null;
  /** A refusal by law: the client's text, and the first day the law allows a new application. */
  readonly explanation?: string | null;
  readonly notBefore?: string | null;
}

async function decisionChanges(
  tx: Transaction,
  ctx: ScoringContext,
  order: LoanOrderRow,
  decision: DecisionInput,
) {
  if (decision.approved) {
    return {
      statusId: ORDER_STATUS.APPROVED,
      contractNumber: contractNumberOf(order.id),
      statusReason: null,
    };
  }
  const days = await moratoriumDays(tx, ctx.config);
  const ours = days > 0 ? addDays(moscowDate(ctx.clock.now()), days) : null;
  const until =
    decision.notBefore && ours
      ? laterDate(ours, decision.notBefore)
      : (ours ?? decision.notBefore ?? null);
  return {
    statusId: ORDER_STATUS.REFUSED,
    moratoriumUntil: until,
    statusReason: refusalReason(until, decision.explanation ?? null),
  };
}

/**
 * The decision's one code path, automatic or by hand: the offer (contract number) or the
 * refusal with its moratorium, the decision row with the rules it rests on, and the decision
 * queued for the credit history (event 1.2 or 1.3) in the same transaction.
 */
export async function applyDecision(
  tx: Transaction,
  ctx: ScoringContext,
  order: LoanOrderRow,
  decision: DecisionInput,
): Promise<void> {
  const now = ctx.clock.now();
  const changes = await decisionChanges(tx, ctx, order, decision);
  assertTransition(ORDER_STATUS.ACCEPTED, changes.statusId);
  const [decided] = await tx
    .update(loanOrders)
    .set({ ...changes, decidedAt: now, updatedAt: now })
    .where(and(eq(loanOrders.id, order.id), eq(loanOrders.statusId, ORDER_STATUS.ACCEPTED)))
    .returning();
  await tx.insert(orderScorings).values({
    orderId: order.id,
    approved: decision.approved,
    rules: [...decision.rules],
    forcedBy: decision.forcedBy,
    decidedAt: now,
  });
  if (decided) await queueDecision(tx, decided, now);
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
 * A sandbox identity, or a debt load in the grey zone, sends the order to manual review
 * (`review`) instead.
 */
async function decide(
  tx: Transaction,
  ctx: ScoringContext,
  order: LoanOrderRow,
  facts: BureauFacts,
): Promise<Decision> {
  const now = ctx.clock.now();
  const scored = await scoringInput(tx, ctx, order, facts);
  const { input, surname } = scored;
  await recordDebtLoad(tx, ctx, order, scored);
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
    explanation: approved ? null : result.explanation,
    notBefore: approved ? null : result.notBefore,
  });
  return {
    orderId: order.id,
    outcome: approved ? 'approved' : 'refused',
    approved,
    result,
    forced,
  };
}

/**
 * No answer from the bureau: no loan on a guess. Until the risk team's wait is over (counted from
 * the order's creation) the order stays ACCEPTED and is asked about again; then it is refused
 * or sent to a person, as «Настройки» say.
 */
async function waitForBureau(
  tx: Transaction,
  ctx: ScoringContext,
  order: LoanOrderRow,
  problem: string,
): Promise<Decision> {
  const now = ctx.clock.now();
  const policy = await bureauWaitPolicy(tx, ctx.config);
  const waitedMs = now.getTime() - order.createdAt.getTime();
  const base = { orderId: order.id, approved: false, forced: null } as const;
  if (waitedMs < policy.minutes * 60_000) {
    await tx.update(loanOrders).set({ updatedAt: now }).where(eq(loanOrders.id, order.id));
    return { ...base, outcome: 'waiting', result: null };
  }
  const rules: ScoringRuleOutcome[] = [
    { rule: 'bureau', passed: false, detail: `${problem}; ждали ${policy.minutes} мин` },
  ];
  if (policy.action === 'review') {
    await sendToReview(tx, order, rules, BUREAU_UNAVAILABLE_REVIEW, now);
    return { ...base, outcome: 'review', result: null };
  }
  await applyDecision(tx, ctx, order, {
    approved: false,
    rules,
    forcedBy: null,
    explanation: NO_BUREAU_EXPLANATION,
  });
  return { ...base, outcome: 'refused', result: null };
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

/** Step 1: ACCEPTED and touched (the sweep leaves it alone for SCORING_STALE_SECONDS). */
async function claim(
  ctx: ScoringContext,
  where: ReturnType<typeof and>,
): Promise<LoanOrderRow | null> {
  return ctx.db.transaction(async (tx) => {
    const [order] = await lockScorable(tx, where);
    if (!order) return null;
    const now = ctx.clock.now();
    await markAccepted(tx, order, now);
    await tx.update(loanOrders).set({ updatedAt: now }).where(eq(loanOrders.id, order.id));
    return order;
  });
}

/** Steps 2 and 3: ask the bureau, then decide under the row lock (null: decided meanwhile). */
async function scoreClaimed(
  ctx: ScoringContext,
  order: LoanOrderRow,
  bureau: CreditBureau | null,
): Promise<Decision | null> {
  const check = await checkBureau(ctx, bureau, order);
  return ctx.db.transaction(async (tx) => {
    const [locked] = await lockScorable(tx, eq(loanOrders.id, order.id));
    if (!locked) return null;
    if (check.kind === 'unavailable') return waitForBureau(tx, ctx, locked, check.problem);
    const facts = bureauFacts(check, locked, moscowDate(ctx.clock.now()), ctx.config);
    return decide(tx, ctx, locked, facts);
  });
}

/** Scores one order now; null when it is decided already or another worker holds it. */
export async function scoreOrder(
  ctx: ScoringContext,
  orderId: number,
  bureau: CreditBureau | null,
): Promise<Decision | null> {
  const order = await claim(ctx, eq(loanOrders.id, orderId));
  return order ? scoreClaimed(ctx, order, bureau) : null;
}

export interface SweepOptions {
  /** At most this many orders per sweep. */
  readonly limit?: number;
  /** An order whose scoring failed: it waits another SCORING_STALE_SECONDS, the sweep goes on. */
  readonly onError?: (orderId: number, error: unknown) => void;
}

/**
 * Orders left NEW or ACCEPTED longer than SCORING_STALE_SECONDS (a restart, a crash, a bureau
 * that did not answer): each is claimed with SKIP LOCKED, which also moves it to the back of the
 * queue, so instances share the work, a failing order cannot block the others, and none is
 * decided twice. Answers how many it decided (an order still waiting for the bureau is not).
 */
export async function sweepStuckOrders(
  ctx: ScoringContext,
  bureau: CreditBureau | null,
  options: SweepOptions = {},
): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - ctx.config.loans.scoring.staleSeconds * 1000);
  let decided = 0;
  for (let round = 0; round < (options.limit ?? 50); round += 1) {
    const order = await claim(ctx, lt(loanOrders.updatedAt, cutoff));
    if (!order) break;
    try {
      const decision = await scoreClaimed(ctx, order, bureau);
      if (decision && decision.outcome !== 'waiting') decided += 1;
    } catch (error) {
      options.onError?.(order.id, error);
    }
  }
  return decided;
}
