import type { Kopecks } from '@zaymo/contract';
import { MalformedGatewayAnswerError, PaymentGatewayError } from '../errors';
import {
  GATEWAY_ERROR_MESSAGE,
  GATEWAY_TIMEOUT_MESSAGE,
  GATEWAY_UNAVAILABLE_MESSAGE,
  reasonMessage,
} from './reason-messages';
import { signRequest, type Best2PayCall, type RequestParams } from './signature';
import {
  parseAnswer,
  type Best2PayAnswer,
  type Best2PayOperation,
  type Best2PayOrder,
  type Best2PaySbpBank,
  type Best2PaySbpPrecheck,
  type Best2PaySbpQrLink,
} from './xml';

/*
 * Best2Pay API client: `webapi/*` and `gateweb/P2PCredit`, POST form-encoded, amounts in kopecks,
 * currency 643, answers in XML. A card number given to `p2pCredit` is sent once and kept nowhere
 * (not in errors, not in results: operations carry only the masked number).
 */

export const BEST2PAY_RUB = '643';
export const BEST2PAY_TIMEOUT_MS = 15_000;

export interface Best2PayClientOptions {
  /** `https://pay.best2pay.net`, `https://test.best2pay.net` or the sandbox `…/sandbox/best2pay`. */
  readonly baseUrl: string;
  readonly sector: string;
  readonly password: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

export interface RegisterInput {
  readonly amount: Kopecks;
  /** Shown to the payer on the card page. */
  readonly description: string;
  /** Our id of the payment; the gateway returns it in answers and notifications. */
  readonly reference: string;
  /** Where the browser returns after success (the gateway adds `?id=…&operation=…`). */
  readonly url?: string;
  /** Where the browser returns after a failure. */
  readonly failurl?: string;
  readonly email?: string;
  readonly phone?: string;
  readonly fee?: Kopecks;
  /** Where the gateway posts `<operation>` notifications, when not set for the sector. */
  readonly notifyUrl?: string;
  /** 1: the answer is the bare order id instead of `<order>`. */
  readonly mode?: 0 | 1;
  /** The order's lifetime in seconds: the gateway refuses to pay it later (it expires). */
  readonly lifePeriod?: number;
}

export type PayoutDestination = { readonly token: string } | { readonly pan: string };

export type P2PCreditInput = PayoutDestination & {
  readonly amount: Kopecks;
  readonly reference: string;
  readonly description: string;
  /** Called with the registered order id before the money moves (see gateway.ts OnRegistered). */
  readonly onRegistered?: (orderId: string) => Promise<void>;
};

export interface OrderAmountInput {
  readonly orderId: string;
  readonly amount: Kopecks;
}

/** Calls whose loss of answer may leave money moved: never repeat them blindly. */
const MONEY_MOVING: ReadonlySet<Best2PayCall> = new Set([
  'PurchaseByToken',
  'P2PCredit',
  'SBPCredit',
  'Reverse',
  'Complete',
]);

const PATHS: Readonly<Record<Best2PayCall, string>> = {
  Register: 'webapi/Register',
  Purchase: 'webapi/Purchase',
  Authorize: 'webapi/Authorize',
  PurchaseByToken: 'webapi/PurchaseByToken',
  Complete: 'webapi/Complete',
  Reverse: 'webapi/Reverse',
  Order: 'webapi/Order',
  Operation: 'webapi/Operation',
  P2PCredit: 'gateweb/P2PCredit',
  GetSBPBankList: 'webapi/sbp/GetSBPBankList',
  SBPCreditPrecheck: 'webapi/sbp/SBPCreditPrecheck',
  SBPCredit: 'webapi/sbp/SBPCredit',
  PurchaseSBPQRLink: 'webapi/PurchaseSBPQRLink',
};

export class Best2PayClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: Best2PayClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? BEST2PAY_TIMEOUT_MS;
  }

  /** webapi/Register: creates the gateway order, returns its id. */
  async register(input: RegisterInput): Promise<string> {
    const text = await this.post('Register', registerParams(input));
    // mode=1 (or a sector set up that way) answers the bare order id as text/plain.
    if (/^\s*\d{1,20}\s*$/.test(text)) return text.trim();
    const answer = this.answer('Register', text);
    if (answer.kind !== 'order') throw unexpected('Register', answer.kind);
    return answer.order.id;
  }

  /**
   * The hosted card page (webapi/Purchase) the browser is sent to: the payer enters the card
   * there, passes 3-D Secure, and returns to the order's url/failurl. With `getToken` the
   * gateway issues a card token for later charges and payouts. (Best2Pay's WooCommerce plugin
   * redirects to exactly this GET URL; MFO integrations add get_token=1, which is not signed.)
   */
  purchasePageUrl(orderId: string, options: { getToken: boolean }): string {
    const params = this.signed('Purchase', {
      id: orderId,
      get_token: options.getToken ? '1' : undefined,
    });
    return `${this.url('Purchase')}?${new URLSearchParams(params).toString()}`;
  }

  /** webapi/PurchaseByToken: charges a bound card for a registered order, no page. */
  purchaseByToken(input: { orderId: string; token: string }): Promise<Best2PayOperation> {
    return this.operationCall('PurchaseByToken', input.orderId, { token: input.token });
  }

  /** webapi/Complete: captures an authorized amount. */
  complete(input: OrderAmountInput): Promise<Best2PayOperation> {
    return this.operationCall('Complete', input.orderId, amountParams(input.amount));
  }

  /** webapi/Reverse: returns (all or part of) an order's amount to the card. */
  reverse(input: OrderAmountInput): Promise<Best2PayOperation> {
    return this.operationCall('Reverse', input.orderId, amountParams(input.amount));
  }

  /**
   * gateweb/P2PCredit: pays out to a card, by token or by a number typed once. Registers the
   * order first (the call takes a registered order id); the order id is on every failure.
   */
  async p2pCredit(input: P2PCreditInput): Promise<Best2PayOperation> {
    const orderId = await this.register({
      amount: input.amount,
      description: input.description,
      reference: input.reference,
    });
    await input.onRegistered?.(orderId);
    return this.operationCall('P2PCredit', orderId, {
      ...amountParams(input.amount),
      ...('token' in input ? { token: input.token } : { pan: input.pan }),
    });
  }

  /** webapi/sbp/GetSBPBankList: the СБП participants a payout by phone can go to. */
  async sbpBankList(): Promise<readonly Best2PaySbpBank[]> {
    const answer = this.answer('GetSBPBankList', await this.post('GetSBPBankList', {}));
    if (answer.kind !== 'banks') throw unexpected('GetSBPBankList', answer.kind);
    return answer.banks;
  }

  /**
   * webapi/sbp/SBPCreditPrecheck on a registered order: asks the recipient's bank who holds the
   * phone there. No money moves; the answer's precheck_id is what SBPCredit pays.
   */
  async sbpCreditPrecheck(input: {
    orderId: string;
    phone: string;
    bankId: string;
  }): Promise<Best2PaySbpPrecheck> {
    const params = { id: input.orderId, recipientBankId: input.bankId, phone: input.phone };
    const text = await this.post('SBPCreditPrecheck', params, input.orderId);
    const answer = this.answer('SBPCreditPrecheck', text, input.orderId);
    if (answer.kind !== 'precheck') throw unexpected('SBPCreditPrecheck', answer.kind);
    return answer.precheck;
  }

  /** webapi/sbp/SBPCredit: pays out the checked order to the phone's account. */
  sbpCredit(input: { orderId: string; precheckId: string }): Promise<Best2PayOperation> {
    return this.operationCall('SBPCredit', input.orderId, { precheck_id: input.precheckId });
  }

  /** webapi/PurchaseSBPQRLink: the NSPK link (QR code) that pays a registered order. */
  async purchaseSbpQrLink(orderId: string): Promise<Best2PaySbpQrLink> {
    const text = await this.post('PurchaseSBPQRLink', { id: orderId }, orderId);
    const answer = this.answer('PurchaseSBPQRLink', text, orderId);
    if (answer.kind !== 'qrLink') throw unexpected('PurchaseSBPQRLink', answer.kind, orderId);
    return answer.qrLink;
  }

  /** webapi/Order: the order with its operations. */
  async getOrder(orderId: string): Promise<Best2PayOrder> {
    const text = await this.post('Order', { id: orderId }, orderId);
    const answer = this.answer('Order', text, orderId);
    if (answer.kind !== 'order') throw unexpected('Order', answer.kind, orderId);
    return answer.order;
  }

  /** webapi/Operation; `getToken` asks for the card token of a binding operation. */
  getOperation(input: {
    orderId: string;
    operationId: string;
    getToken?: boolean;
  }): Promise<Best2PayOperation> {
    return this.operationCall('Operation', input.orderId, {
      operation: input.operationId,
      get_token: input.getToken ? '1' : undefined,
    });
  }

  private async operationCall(
    call: Best2PayCall,
    orderId: string,
    extra: RequestParams,
  ): Promise<Best2PayOperation> {
    const text = await this.post(call, { id: orderId, ...extra }, orderId);
    const answer = this.answer(call, text, orderId);
    if (answer.kind !== 'operation') throw unexpected(call, answer.kind, orderId);
    return answer.operation;
  }

  private answer(call: Best2PayCall, text: string, orderId?: string): Best2PayAnswer {
    let answer: Best2PayAnswer;
    try {
      answer = parseAnswer(text);
    } catch (error) {
      if (!(error instanceof MalformedGatewayAnswerError)) throw error;
      throw new MalformedGatewayAnswerError(`${call}: ${error.detail}`, {
        orderId,
        outcomeUnknown: MONEY_MOVING.has(call),
      });
    }
    if (answer.kind === 'error') throw gatewayRefusal(call, answer.error, orderId);
    return answer;
  }

  private signed(call: Best2PayCall, params: RequestParams): Record<string, string> {
    const present = withoutEmpty({ sector: this.options.sector, ...params });
    return { ...present, signature: signRequest(call, present, this.options.password) };
  }

  private url(call: Best2PayCall): string {
    return `${this.baseUrl}/${PATHS[call]}`;
  }

  private async post(call: Best2PayCall, params: RequestParams, orderId?: string): Promise<string> {
    const body = new URLSearchParams(this.signed(call, params));
    const moneyMoving = MONEY_MOVING.has(call);
    let response: Response;
    try {
      response = await this.fetchImpl(this.url(call), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
          Accept: 'application/xml, text/xml, text/plain',
        },
        body: body.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw transportFailure(call, error, { orderId, outcomeUnknown: moneyMoving });
    }
    const text = await readText(call, response, { orderId, outcomeUnknown: moneyMoving });
    if (!response.ok && !/<error[\s>]/.test(text)) {
      throw new PaymentGatewayError(GATEWAY_UNAVAILABLE_MESSAGE, {
        kind: 'unavailable',
        detail: `${call}: HTTP ${response.status}`,
        orderId,
        outcomeUnknown: moneyMoving && response.status >= 500,
      });
    }
    return text;
  }
}

interface FailureContext {
  orderId: string | undefined;
  outcomeUnknown: boolean;
}

async function readText(
  call: Best2PayCall,
  response: Response,
  context: FailureContext,
): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw transportFailure(call, error, context);
  }
}

function transportFailure(
  call: Best2PayCall,
  error: unknown,
  context: FailureContext,
): PaymentGatewayError {
  const timedOut = error instanceof Error && error.name === 'TimeoutError';
  return new PaymentGatewayError(timedOut ? GATEWAY_TIMEOUT_MESSAGE : GATEWAY_UNAVAILABLE_MESSAGE, {
    kind: timedOut ? 'timeout' : 'unavailable',
    detail: `${call}: ${timedOut ? 'timeout' : error instanceof Error ? error.name : 'network'}`,
    orderId: context.orderId,
    outcomeUnknown: context.outcomeUnknown,
    cause: error,
  });
}

function gatewayRefusal(
  call: Best2PayCall,
  error: { code: number; description: string },
  orderId: string | undefined,
): PaymentGatewayError {
  return new PaymentGatewayError(GATEWAY_ERROR_MESSAGE, {
    kind: 'gateway',
    detail: `${call}: error ${error.code} ${error.description}`.slice(0, 300),
    gatewayCode: error.code,
    orderId,
  });
}

function unexpected(
  call: Best2PayCall,
  kind: string,
  orderId?: string,
): MalformedGatewayAnswerError {
  return new MalformedGatewayAnswerError(`${call}: unexpected <${kind}>`, {
    orderId,
    outcomeUnknown: MONEY_MOVING.has(call),
  });
}

function withoutEmpty(params: RequestParams): Record<string, string> {
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') present[name] = value;
  }
  return present;
}

function amountParams(amount: Kopecks): RequestParams {
  return { amount: amount.toString(), currency: BEST2PAY_RUB };
}

function registerParams(input: RegisterInput): RequestParams {
  return {
    amount: input.amount.toString(),
    currency: BEST2PAY_RUB,
    reference: input.reference,
    description: input.description,
    url: input.url,
    failurl: input.failurl,
    email: input.email,
    phone: input.phone,
    fee: input.fee?.toString(),
    notify_url: input.notifyUrl,
    mode: input.mode === undefined ? undefined : String(input.mode),
    life_period: input.lifePeriod === undefined ? undefined : String(input.lifePeriod),
  };
}

/** Throws when a returned operation was refused, with the Russian reason for the client. */
export function assertApproved(operation: Best2PayOperation): Best2PayOperation {
  if (operation.state === 'APPROVED') return operation;
  throw new PaymentGatewayError(reasonMessage(operation.reasonCode), {
    kind: 'declined',
    detail: `${operation.type} ${operation.state} reason ${operation.reasonCode ?? '-'}`,
    reasonCode: operation.reasonCode ?? undefined,
    orderId: operation.orderId,
  });
}
