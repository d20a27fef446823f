import type { FastifyBaseLogger } from 'fastify';
import {
  kopecks,
  moscowDate,
  ORDER_STATUS,
  toMoneyString,
  type CrmReviewItem,
  type ReviewDecision,
} from '@zaymo/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  clients,
  loanOrders,
  orderReviews,
  type LoanOrderRow,
  type OrderReviewRow,
  type ScoringRuleOutcome,
} from '../../db/schema';
import { AppError } from '../../errors';
import type { CreditBureau } from '../../integrations/bureau';
import { maskPhone } from '../../russian';
import { checkBureau } from './bureau-check';
import { applyDecision, BUREAU_UNAVAILABLE_REVIEW, bureauFacts } from './scoring';

/*
 * The manual-review queue: orders the scoring sent to a person wait here,
 * ACCEPTED, until a risk specialist approves or refuses them with a reason. The decision takes
 * the order's row lock like the scoring does and goes through the scoring's applyDecision, so a
 * hand-made approval is the same offer and a refusal the same moratorium.
 */

type ReviewContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'messaging'>;

/** The queue, oldest first: only orders still ACCEPTED (a client may have cancelled one). */
export async function reviewQueue(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<CrmReviewItem[]> {
  const now = ctx.clock.now().getTime();
  const rows = await ctx.db
    .select({ review: orderReviews, order: loanOrders, phone: clients.phone })
    .from(orderReviews)
    .innerJoin(loanOrders, eq(loanOrders.id, orderReviews.orderId))
    .innerJoin(clients, eq(clients.id, loanOrders.clientId))
    .where(and(isNull(orderReviews.decision), eq(loanOrders.statusId, ORDER_STATUS.ACCEPTED)))
    .orderBy(asc(orderReviews.createdAt), asc(orderReviews.orderId));
  return rows.map(({ review, order, phone }) => ({
    order_id: order.id,
    client_id: order.clientId,
    client_name: order.clientSnapshot.fullName,
    phone_masked: maskPhone(phone),
    amount: toMoneyString(kopecks(order.amount)),
    period: order.period,
    return_sum: toMoneyString(kopecks(order.returnSum)),
    sent_by: review.sentBy,
    rules: review.rules,
    waiting_since: review.createdAt.toISOString(),
    waited_seconds: Math.max(0, Math.floor((now - review.createdAt.getTime()) / 1000)),
  }));
}

export interface ReviewVerdict {
  decision: ReviewDecision;
  reason: string;
  staffId: number;
}

/** Rules of the law: a person may not approve past them (218-FZ art. 5.1, 545-FZ). */
const LEGAL_RULES: ReadonlySet<string> = new Set(['bureau', 'self_ban', 'high_cost_loans']);

function legalRefusal(rules: readonly ScoringRuleOutcome[]): ScoringRuleOutcome | null {
  return rules.find((rule) => LEGAL_RULES.has(rule.rule) && !rule.passed) ?? null;
}

/**
 * An approval by hand still obeys the law: an order sent here because the bureau was silent asks
 * it again first, and no approval passes a self-ban or a 545-FZ limit. Answers the rules the
 * approval rests on.
 */
async function rulesForApproval(
  ctx: ReviewContext,
  bureau: CreditBureau | null,
  order: LoanOrderRow,
  review: OrderReviewRow,
): Promise<ScoringRuleOutcome[]> {
  let rules = review.rules;
  if (review.sentBy === BUREAU_UNAVAILABLE_REVIEW) {
    const check = await checkBureau(ctx, bureau, order);
    if (check.kind === 'unavailable') throw new AppError('BUREAU_SILENT');
    const facts = bureauFacts(check, order, moscowDate(ctx.clock.now()), ctx.config);
    rules = [
      { rule: 'bureau', passed: facts.problem === null, detail: facts.problem ?? facts.detail },
      {
        rule: 'self_ban',
        passed: !facts.selfBan,
        detail: facts.selfBan ? 'Установлен самозапрет на кредиты' : 'Самозапрета нет',
      },
      { rule: 'high_cost_loans', passed: facts.highCost.passed, detail: facts.highCost.detail },
    ];
  }
  const refusal = legalRefusal(rules);
  if (refusal) {
    throw new AppError('APPROVAL_UNLAWFUL', { reason: refusal.detail });
  }
  return [...rules];
}

async function waitingReview(ctx: ReviewContext, orderId: number) {
  const [row] = await ctx.db
    .select({ order: loanOrders, review: orderReviews })
    .from(orderReviews)
    .innerJoin(loanOrders, eq(loanOrders.id, orderReviews.orderId))
    .where(eq(orderReviews.orderId, orderId));
  return row ?? null;
}

function decisionSms(brand: string, approved: boolean): string {
  return approved
    ? `${brand}: заявка одобрена. Подпишите договор в личном кабинете.`
    : `${brand}: по заявке принято решение. Подробности — в личном кабинете.`;
}

/**
 * Decides a waiting order once: the order's row is locked (not skipped), so of two specialists
 * clicking at once the second waits and then gets 409. An approval first passes the law's rules
 * (rulesForApproval, outside the transaction: it may ask the bureau). The client is told by SMS
 * after the commit.
 */
export async function decideReview(
  ctx: ReviewContext,
  bureau: CreditBureau | null,
  orderId: number,
  verdict: ReviewVerdict,
  log: FastifyBaseLogger,
): Promise<LoanOrderRow> {
  const approved = verdict.decision === 'approve';
  const waiting = approved ? await waitingReview(ctx, orderId) : null;
  const approvalRules =
    waiting && waiting.review.decision === null
      ? await rulesForApproval(ctx, bureau, waiting.order, waiting.review)
      : null;
  const decided = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(loanOrders)
      .where(eq(loanOrders.id, orderId))
      .for('update');
    const [review] = await tx.select().from(orderReviews).where(eq(orderReviews.orderId, orderId));
    if (!order || !review) throw new AppError('REVIEW_NOT_PENDING');
    if (review.decision !== null || order.statusId !== ORDER_STATUS.ACCEPTED) {
      throw new AppError('REVIEW_DECIDED');
    }
    await applyDecision(tx, ctx, order, {
      approved,
      rules: approvalRules ?? review.rules,
      forcedBy: review.sentBy,
    });
    await tx
      .update(orderReviews)
      .set({
        decision: verdict.decision,
        reason: verdict.reason,
        staffId: verdict.staffId,
        decidedAt: ctx.clock.now(),
      })
      .where(eq(orderReviews.orderId, orderId));
    const [after] = await tx.select().from(loanOrders).where(eq(loanOrders.id, orderId));
    const [client] = await tx
      .select({ phone: clients.phone })
      .from(clients)
      .where(eq(clients.id, order.clientId));
    if (!after || !client) throw new Error('decided order vanished');
    return { order: after, phone: client.phone };
  });
  try {
    await ctx.messaging.sms.send({
      to: decided.phone,
      text: decisionSms(ctx.config.company.brand, approved),
    });
  } catch (error) {
    // The decision stands without the SMS: the cabinet shows it on the next look.
    log.warn({ err: error, orderId }, 'the review decision SMS was not sent');
  }
  return decided.order;
}
