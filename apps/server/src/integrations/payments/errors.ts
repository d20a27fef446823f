/**
 * Failures of the payment gateway. `message` is Russian and may be shown to the client as is;
 * `detail` is for logs (call, HTTP status, gateway code) and never holds a card number, a token,
 * a password or a signature.
 */

export type PaymentFailureKind =
  /** The bank or the gateway refused this operation (reason code of an `<operation>`). */
  | 'declined'
  /** The gateway answered `<error>`: a request it would not process. */
  | 'gateway'
  /** No answer in time. */
  | 'timeout'
  /** Network failure or an HTTP error status without a gateway answer. */
  | 'unavailable'
  /** An answer we cannot read: not XML, not the expected document, fields missing. */
  | 'bad_answer';

export interface PaymentGatewayErrorOptions {
  kind: PaymentFailureKind;
  detail: string;
  /** `<error><code>` of the gateway. */
  gatewayCode?: number;
  /** `reason_code` of a declined operation. */
  reasonCode?: number;
  /** The gateway order the failed call belonged to, to check its status later. */
  orderId?: string;
  /**
   * Money may have moved (a charge or a payout without an answer): do not repeat the call, ask
   * `status(orderId)` first.
   */
  outcomeUnknown?: boolean;
  cause?: unknown;
}

export class PaymentGatewayError extends Error {
  override name = 'PaymentGatewayError';
  readonly kind: PaymentFailureKind;
  readonly detail: string;
  readonly gatewayCode: number | undefined;
  readonly reasonCode: number | undefined;
  readonly orderId: string | undefined;
  readonly outcomeUnknown: boolean;

  constructor(message: string, options: PaymentGatewayErrorOptions) {
    super(message, { cause: options.cause });
    this.kind = options.kind;
    this.detail = options.detail;
    this.gatewayCode = options.gatewayCode;
    this.reasonCode = options.reasonCode;
    this.orderId = options.orderId;
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }
}

/** An answer of the gateway that is not the XML document it should be. */
export class MalformedGatewayAnswerError extends PaymentGatewayError {
  override name = 'MalformedGatewayAnswerError';

  constructor(detail: string, options: Omit<PaymentGatewayErrorOptions, 'kind' | 'detail'> = {}) {
    super('Платёжный сервис ответил некорректно. Попробуйте позже.', {
      ...options,
      kind: 'bad_answer',
      detail,
    });
  }
}

/** A notification whose signature does not match: not from the gateway, or altered. */
export class InvalidSignatureError extends Error {
  override name = 'InvalidSignatureError';

  constructor(readonly detail: string) {
    super('Неверная подпись уведомления платёжного сервиса');
  }
}

export function isPaymentGatewayError(error: unknown): error is PaymentGatewayError {
  return error instanceof PaymentGatewayError;
}
