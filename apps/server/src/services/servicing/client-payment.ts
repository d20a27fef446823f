import type { DocumentKind, PayLoanRequest } from '@zaymo/contract';
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
 * The two ways a loan is paid from outside: a signed-in client (POST /pay/payment/:contract) in
 * full, in part, or a prolongation, whose additional agreement is checked and signed (АСП) before
 * any money moves; and a guest with a pay token (POST /loanpay/payment/:contract).
 */

type PayContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** The document a prolongation's payment must be agreed to (`document_agreements`, its file). */
export const AGREEMENT_KIND = 'prolongation_agreement' satisfies DocumentKind;

export interface ClientPaymentInput {
  readonly contract: string;
  readonly request: PayLoanRequest;
  readonly idempotencyKey: string;
  readonly returnBaseUrl: string;
  readonly onForeign: OrderAccessDenied;
}

function paymentType(request: PayLoanRequest): PayLoanRequest['type'] {
  return request.prolongation !== undefined ? 'prolongation' : request.type;
}

/** What a prolongation needs (days, the agreement accepted, the SMS code); 400 per field. */
function prolongationRequest(request: PayLoanRequest): { days: number; code: string } {
  const days = request.prolongation;
  if (days === undefined) {
    throw new AppError('PROLONGATION_DAYS_MISSING', { field: 'prolongation' });
  }
  const agreed = (request.document_agreements ?? '').split(',').includes(AGREEMENT_KIND);
  if (!agreed) {
    throw new AppError('PROLONGATION_AGREEMENT_MISSING', { field: 'document_agreements' });
  }
  if (!request.asp_code) {
    throw new AppError('PROLONGATION_CODE_MISSING', { field: 'asp_code' });
  }
  return { days, code: request.asp_code };
}

/** Checks what a prolongation needs and signs its agreement (АСП) before any money moves. */
async function prolongationSignature(
  ctx: PayContext,
  session: ClientSession,
  input: ClientPaymentInput,
  meta: RequestMeta,
): Promise<AgreementSignature | undefined> {
  if (paymentType(input.request) !== 'prolongation') return undefined;
  const { days, code } = prolongationRequest(input.request);
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
  const { request } = input;
  return payLoan(ctx, gateway, meta.log, {
    payer: { kind: 'client', clientId: session.clientId, onForeign: input.onForeign },
    contractNumber: input.contract,
    idempotencyKey: input.idempotencyKey,
    type: paymentType(request),
    method: methodOf(request),
    cardId: request.card_id,
    amount: request.amount,
    prolongationDays: request.prolongation,
    returnBaseUrl: input.returnBaseUrl,
    agreement,
  });
}

export interface GuestPaymentInput {
  /** The pay token of POST /loanpay/lookup (X-Pay-Token). */
  readonly payToken: string;
  readonly contract: string;
  readonly request: PayLoanRequest;
  readonly idempotencyKey: string;
  readonly returnBaseUrl: string;
}

/**
 * Pays without signing in (POST /loanpay/payment/:contract): the pay token's loan, in full or in
 * part, on the gateway page or by the СБП — never a bound card, never a prolongation (400).
 */
export async function payLoanAsGuest(
  ctx: PayContext & Pick<AppContext, 'messaging'>,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  input: GuestPaymentInput,
): Promise<PayLoanAnswer> {
  const { request } = input;
  if (
    request.card_id !== undefined ||
    request.prolongation !== undefined ||
    request.type === 'prolongation'
  ) {
    throw new AppError('GUEST_PAYS_ON_GATEWAY_PAGE');
  }
  const loan = await loanOfPayToken(ctx, input.payToken);
  return payLoan(ctx, gateway, log, {
    payer: { kind: 'loanpay', orderId: loan.orderId },
    contractNumber: input.contract,
    idempotencyKey: input.idempotencyKey,
    type: request.type,
    method: methodOf(request),
    amount: request.amount,
    returnBaseUrl: input.returnBaseUrl,
  });
}
