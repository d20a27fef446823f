import type { DocumentKind, PayLoanQuery } from '@zaymo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, RequestMeta } from '../../context';
import { AppError } from '../../errors';
import type { PaymentsGateway } from '../../integrations/payments';
import type { OrderAccessDenied } from '../loans/db';
import type { ClientSession } from '../sessions';
import { operationByKey, type AgreementSignature } from './claim';
import { loanOfPayToken } from './loanpay';
import { signProlongation } from './prolongation';
import { methodOf, operationKeyOf, payableOrder, payLoan, type PayLoanAnswer } from './repayment';

/*
 * The two ways a loan is paid from outside: a signed-in client (GET /pay/payment/:contract) in
 * full, in part, or a prolongation, whose additional agreement is checked and signed (АСП) before
 * any money moves; and a guest with a pay token (GET /loanpay/payment/:contract).
 */

type PayContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** The document a prolongation's payment must be agreed to (`document_agreements`, its file). */
export const AGREEMENT_KIND = 'prolongation_agreement' satisfies DocumentKind;
const AGREEMENT_REQUIRED = 'Подтвердите согласие с дополнительным соглашением о пролонгации';
const CODE_REQUIRED = 'Введите код из SMS, чтобы подписать дополнительное соглашение';
const DAYS_REQUIRED = 'Выберите срок продления';

export interface ClientPaymentInput {
  readonly contract: string;
  readonly query: PayLoanQuery;
  readonly idempotencyKey: string;
  readonly returnBaseUrl: string;
  readonly onForeign: OrderAccessDenied;
}

function paymentType(query: PayLoanQuery): PayLoanQuery['type'] {
  return query.prolongation !== undefined ? 'prolongation' : query.type;
}

/** What a prolongation needs (days, the agreement accepted, the SMS code); 400 per field. */
function prolongationRequest(query: PayLoanQuery): { days: number; code: string } {
  const days = query.prolongation;
  if (days === undefined) {
    throw new AppError('VALIDATION', DAYS_REQUIRED, { fields: { prolongation: DAYS_REQUIRED } });
  }
  const agreed = (query.document_agreements ?? '').split(',').includes(AGREEMENT_KIND);
  if (!agreed) {
    throw new AppError('VALIDATION', AGREEMENT_REQUIRED, {
      fields: { document_agreements: AGREEMENT_REQUIRED },
    });
  }
  if (!query.asp_code) {
    throw new AppError('VALIDATION', CODE_REQUIRED, { fields: { asp_code: CODE_REQUIRED } });
  }
  return { days, code: query.asp_code };
}

/** Checks what a prolongation needs and signs its agreement (АСП) before any money moves. */
async function prolongationSignature(
  ctx: PayContext,
  session: ClientSession,
  input: ClientPaymentInput,
  meta: RequestMeta,
): Promise<AgreementSignature | undefined> {
  if (paymentType(input.query) !== 'prolongation') return undefined;
  const { days, code } = prolongationRequest(input.query);
  const payer = { kind: 'client' as const, clientId: session.clientId, onForeign: input.onForeign };
  const order = await payableOrder(ctx, payer, input.contract);
  // A repeat of a signed and claimed prolongation: payLoan answers the first one, no new code.
  if (await operationByKey(ctx.db, operationKeyOf(order, input.idempotencyKey))) return undefined;
  return signProlongation(ctx, session, { order, days, code, company: ctx.config.company }, meta);
}

export async function payLoanAsClient(
  ctx: PayContext,
  gateway: PaymentsGateway,
  session: ClientSession,
  input: ClientPaymentInput,
  meta: RequestMeta,
): Promise<PayLoanAnswer> {
  const agreement = await prolongationSignature(ctx, session, input, meta);
  const { query } = input;
  return payLoan(ctx, gateway, meta.log, {
    payer: { kind: 'client', clientId: session.clientId, onForeign: input.onForeign },
    contractNumber: input.contract,
    idempotencyKey: input.idempotencyKey,
    type: paymentType(query),
    method: methodOf(query),
    cardId: query.card_id,
    amount: query.amount,
    prolongationDays: query.prolongation,
    returnBaseUrl: input.returnBaseUrl,
    agreement,
  });
}

export const GUEST_PAGE_ONLY_MESSAGE =
  'Без входа в кабинет можно только оплатить заём на странице банка';

export interface GuestPaymentInput {
  /** The pay token of POST /loanpay/lookup (X-Pay-Token). */
  readonly payToken: string;
  readonly contract: string;
  readonly query: PayLoanQuery;
  readonly idempotencyKey: string;
  readonly returnBaseUrl: string;
}

/**
 * Pays without signing in (GET /loanpay/payment/:contract): the pay token's loan, in full or in
 * part, on the gateway page or by the СБП — never a bound card, never a prolongation (400).
 */
export async function payLoanAsGuest(
  ctx: PayContext & Pick<AppContext, 'messaging'>,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  input: GuestPaymentInput,
): Promise<PayLoanAnswer> {
  const { query } = input;
  if (
    query.card_id !== undefined ||
    query.prolongation !== undefined ||
    query.type === 'prolongation'
  ) {
    throw new AppError('BAD_REQUEST', GUEST_PAGE_ONLY_MESSAGE);
  }
  const loan = await loanOfPayToken(ctx, input.payToken);
  return payLoan(ctx, gateway, log, {
    payer: { kind: 'loanpay', orderId: loan.orderId },
    contractNumber: input.contract,
    idempotencyKey: input.idempotencyKey,
    type: query.type,
    method: methodOf(query),
    amount: query.amount,
    returnBaseUrl: input.returnBaseUrl,
  });
}
