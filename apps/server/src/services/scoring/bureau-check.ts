import { kopecks, toMoneyString } from '@zaymo/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  bureauRequests,
  orderDocumentAcceptances,
  type BureauRequestOutcome,
  type BureauRequestSummary,
  type LoanOrderRow,
} from '../../db/schema';
import {
  BureauRefusedError,
  BureauUnavailableError,
  type BureauExchange,
  type BureauPerson,
  type CreditBureau,
  type CreditReport,
  type ReportAnswer,
} from '../../integrations/bureau';
import { bureauConsentWithdrawnSince } from '../accounts/client-consents';
import { findIdentity } from '../identity/store';
import { othersMonthlyPayments } from './debt-load';

/*
 * The credit report before a decision (218-FZ art. 6): the request is made under the consent the
 * client accepted with the order (its edition is linked to the request), and every request and
 * its answer — or the failure to get one — is stored (bureau_requests). It runs outside any
 * transaction: the bureau may take seconds, and the sandbox bureau is this very process.
 */

type CheckContext = Pick<AppContext, 'db' | 'clock'>;

export type BureauCheck =
  | { readonly kind: 'answered'; readonly report: CreditReport; readonly bureau: string }
  /** Nothing could be asked (no consent, no passport): the rules refuse. */
  | { readonly kind: 'not_asked'; readonly problem: string }
  /** Asked and got no answer: the order waits and the scoring asks again. */
  | { readonly kind: 'unavailable'; readonly problem: string };

export const CONSENT_KIND = 'bki_consent';

async function consentOf(ctx: CheckContext, orderId: number) {
  const [row] = await ctx.db
    .select()
    .from(orderDocumentAcceptances)
    .where(
      and(
        eq(orderDocumentAcceptances.orderId, orderId),
        eq(orderDocumentAcceptances.kind, CONSENT_KIND),
      ),
    );
  return row ?? null;
}

async function personOf(ctx: CheckContext, clientId: number): Promise<BureauPerson | null> {
  const identity = await findIdentity(ctx.db, clientId);
  const personal = identity?.personal;
  const passport = identity?.passport;
  if (!personal || !passport) return null;
  return {
    surname: personal.surname,
    name: personal.name,
    patronymic: personal.patronymic,
    birthDate: personal.birth_date,
    birthPlace: personal.birth_place,
    passport: {
      series: passport.series_number.slice(0, 4),
      number: passport.series_number.slice(4),
      issueDate: passport.issue_date,
      issuedBy: passport.issued_by,
      divisionCode: passport.division_code,
    },
  };
}

function summaryOf(report: CreditReport): BureauRequestSummary {
  const open = report.obligations.filter((obligation) => obligation.closedOn === null);
  return {
    selfBan: report.selfBan !== null,
    openObligations: open.length,
    monthlyPayments: toMoneyString(othersMonthlyPayments(report.obligations)),
    overdueObligations: open.filter((obligation) => obligation.overdue > 0n).length,
  };
}

interface Recorded {
  readonly outcome: BureauRequestOutcome;
  readonly exchange: BureauExchange;
  readonly error: string | null;
  readonly summary: BureauRequestSummary | null;
}

async function record(
  ctx: CheckContext,
  order: LoanOrderRow,
  request: { bureau: string; consent: { version: string; acceptedAt: Date }; at: Date },
  result: Recorded,
): Promise<void> {
  await ctx.db.insert(bureauRequests).values({
    clientId: order.clientId,
    orderId: order.id,
    bureau: request.bureau,
    consentVersion: request.consent.version,
    consentAcceptedAt: request.consent.acceptedAt,
    requestedAt: request.at,
    answeredAt: result.outcome === 'unavailable' ? null : ctx.clock.now(),
    outcome: result.outcome,
    httpStatus: result.exchange.status,
    error: result.error,
    summary: result.summary,
    requestXml: result.exchange.request,
    answerXml: result.exchange.answer,
  });
}

function failureOf(error: unknown): { message: string; exchange: BureauExchange } | null {
  if (error instanceof BureauUnavailableError || error instanceof BureauRefusedError) {
    return { message: error.message, exchange: error.exchange };
  }
  return null;
}

/** Asks the bureau about the order's borrower, records the exchange, and says what came of it. */
export async function checkBureau(
  ctx: CheckContext,
  bureau: CreditBureau | null,
  order: LoanOrderRow,
): Promise<BureauCheck> {
  if (!bureau) return { kind: 'unavailable', problem: 'Бюро кредитных историй не подключено' };
  const consent = await consentOf(ctx, order.id);
  if (!consent || (await bureauConsentWithdrawnSince(ctx.db, order.clientId, consent.acceptedAt))) {
    return {
      kind: 'not_asked',
      problem: 'Нет согласия клиента на запрос в бюро кредитных историй',
    };
  }
  const person = await personOf(ctx, order.clientId);
  if (!person) return { kind: 'not_asked', problem: 'Анкета без паспорта: бюро не спрошено' };
  const request = { bureau: bureau.name, consent, at: ctx.clock.now() };
  let answer: ReportAnswer;
  try {
    answer = await bureau.requestReport({ person, amount: kopecks(order.amount), consent });
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    await record(ctx, order, request, {
      outcome: 'unavailable',
      exchange: failure.exchange,
      error: failure.message,
      summary: null,
    });
    return { kind: 'unavailable', problem: `${bureau.name}: ${failure.message}` };
  }
  const { report } = answer;
  await record(ctx, order, request, {
    outcome: report.found ? 'answered' : 'no_record',
    exchange: answer.exchange,
    error: null,
    summary: summaryOf(report),
  });
  return { kind: 'answered', report, bureau: bureau.name };
}
