import {
  addOnRefusalLastDay,
  addOnRefusalOpen,
  kopecks,
  moscowDate,
  toMoneyString,
  type AddOnRefusalRules,
  type InsuranceRefusal,
  type LoanInsurance,
} from '@zaymo/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  insuranceRefusals,
  orderInsurances,
  paymentOperations,
  type InsuranceRefusalRow,
  type LoanOrderRow,
  type PaymentOperationRow,
} from '../../db/schema';
import { WorkingDays } from '../credit-history/working-days';
import type { Db } from './db';

/*
 * The insurance of a paid-out loan as the cabinet and the console show it: what was chosen, the
 * last day it may be refused (353-ФЗ ст. 7 ч. 2.7, loan-math addOnRefusalLastDay) and the refusal
 * with its refund (insurance-refusal.ts).
 */

const calendar = new WorkingDays();

export interface InsuranceFacts {
  readonly names: readonly string[];
  readonly refusal: InsuranceRefusalRow | null;
  readonly refund: PaymentOperationRow | null;
}

/** The consent day: the Moscow day the application with the add-on was signed. */
export function consentDayOf(order: LoanOrderRow): string | null {
  return order.signedAt ? moscowDate(order.signedAt) : null;
}

function refundStatusOf(refund: PaymentOperationRow | null): InsuranceRefusal['refund_status'] {
  switch (refund?.status) {
    case 'approved':
      return 'refunded';
    case 'pending':
      return 'sending';
    case 'declined':
    case 'failed':
    case 'expired':
      return 'declined';
    case 'new':
    case undefined:
      return 'queued';
  }
}

/** The last day of the refund term: `refundWorkingDays` working days after the application. */
export function refundDueBy(rules: AddOnRefusalRules, appliedOn: string): string {
  return calendar.addWorkingDays(appliedOn, rules.refundWorkingDays);
}

function presentRefusal(
  rules: AddOnRefusalRules,
  refusal: InsuranceRefusalRow,
  refund: PaymentOperationRow | null,
): InsuranceRefusal {
  return {
    applied_on: refusal.appliedOn,
    applied_at: refusal.appliedAt.toISOString(),
    amount: toMoneyString(kopecks(refusal.amount)),
    refund_status: refundStatusOf(refund),
    refunded_on: refund?.status === 'approved' ? moscowDate(refund.updatedAt) : null,
    refund_due_by: refundDueBy(rules, refusal.appliedOn),
  };
}

/** The insurance of a paid-out loan as the client and the console read it; null without one. */
export function presentLoanInsurance(
  order: LoanOrderRow,
  facts: InsuranceFacts | undefined,
  rules: AddOnRefusalRules,
  now: Date,
): LoanInsurance | null {
  const consentDay = consentDayOf(order);
  if (!facts || order.insuranceTotal === 0n || !order.givenAt || !consentDay) return null;
  return {
    names: [...facts.names],
    premium: toMoneyString(kopecks(order.insuranceTotal)),
    refusal_last_day: addOnRefusalLastDay(rules, consentDay),
    refusable: !facts.refusal && addOnRefusalOpen(rules, consentDay, moscowDate(now)),
    refund_working_days: rules.refundWorkingDays,
    refusal: facts.refusal ? presentRefusal(rules, facts.refusal, facts.refund) : null,
  };
}

/** The insurances, refusals and refund operations of several orders, in three queries. */
export async function insuranceFactsOf(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, InsuranceFacts>> {
  const facts = new Map<number, InsuranceFacts>();
  if (orderIds.length === 0) return facts;
  const chosen = await db
    .select({ orderId: orderInsurances.orderId, name: orderInsurances.name })
    .from(orderInsurances)
    .where(inArray(orderInsurances.orderId, [...orderIds]))
    .orderBy(asc(orderInsurances.insuranceId));
  const refusals = await db
    .select({ refusal: insuranceRefusals, refund: paymentOperations })
    .from(insuranceRefusals)
    .innerJoin(paymentOperations, eq(paymentOperations.id, insuranceRefusals.paymentOperationId))
    .where(inArray(insuranceRefusals.orderId, [...orderIds]));
  for (const { orderId, name } of chosen) {
    const names = [...(facts.get(orderId)?.names ?? []), name];
    const found = refusals.find((row) => row.refusal.orderId === orderId);
    facts.set(orderId, { names, refusal: found?.refusal ?? null, refund: found?.refund ?? null });
  }
  return facts;
}
