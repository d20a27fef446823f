import type { Kopecks, PaymentSystem } from '@zaymo/contract';

/*
 * The port the cards and loans services use. It speaks of orders, operations, tokens and kopecks;
 * how a gateway spells them is the adapter's business. Outcomes a client caused (a declined card)
 * are results; failures of the gateway itself are thrown as `PaymentGatewayError` — and when its
 * `outcomeUnknown` is set, money may have moved: ask `status(orderId)` before any retry.
 */

export interface BindCardStartInput {
  /** Our id of the binding attempt (idempotency key), echoed back by the gateway. */
  readonly reference: string;
  /** Where the browser returns: our /pay/callback page. */
  readonly returnUrl: string;
  readonly failUrl: string;
  readonly email?: string;
  readonly phone?: string;
}

export interface BindCardStart {
  readonly orderId: string;
  /** The hosted card page to send the browser to. */
  readonly url: string;
  /** The small verification charge the page takes; reverse it once the card is stored. */
  readonly amount: Kopecks;
}

export interface BoundCardData {
  /** The gateway's card token: a secret, store it as such and never return it to the browser. */
  readonly token: string;
  readonly panMasked: string;
  /** «MM/YY», when the gateway told it. */
  readonly expiry: string | null;
  readonly holder: string | null;
  readonly paymentSystem: PaymentSystem;
}

export type OperationStatus = 'approved' | 'declined' | 'pending';

interface OperationRef {
  readonly orderId: string;
  readonly operationId: string;
  readonly reference: string | null;
}

export type BindingResult =
  | (OperationRef & {
      readonly status: 'approved';
      readonly card: BoundCardData;
      readonly amount: Kopecks;
    })
  | (OperationRef & {
      readonly status: 'declined' | 'pending';
      readonly reasonCode: number | null;
      /** Russian, for the client. */
      readonly message: string;
    });

export interface MoneyMove extends OperationRef {
  readonly status: OperationStatus;
  /** PURCHASE, REVERSE, P2PCREDIT, … as the gateway names the operation. */
  readonly type: string;
  readonly amount: Kopecks;
  readonly reasonCode: number | null;
  /** Russian, for the client; empty when approved. */
  readonly message: string;
  readonly panMasked: string | null;
}

export interface PurchasePageInput {
  readonly amount: Kopecks;
  /** Our payment id (idempotency key), echoed back by the gateway. */
  readonly reference: string;
  readonly description: string;
  readonly returnUrl: string;
  readonly failUrl: string;
  /** How long the order may be paid, in seconds (Register's life_period); then it expires. */
  readonly lifetimeSeconds?: number;
}

export interface PurchasePageStart {
  readonly orderId: string;
  readonly url: string;
}

/**
 * Called with the gateway's order id once the order is registered and before any money moves.
 * A money-moving caller records the id here (and may refuse by throwing: then nothing moves), so
 * that after a crash the reconciliation job can ask the gateway about the order.
 */
export type OnRegistered = (orderId: string) => Promise<void>;

export interface ChargeInput {
  readonly token: string;
  readonly amount: Kopecks;
  /** Our payment id (idempotency key). */
  readonly reference: string;
  readonly description: string;
  readonly email?: string;
  readonly phone?: string;
  readonly onRegistered?: OnRegistered;
}

export type PayoutInput = ({ readonly token: string } | { readonly pan: string }) & {
  readonly amount: Kopecks;
  /** Our payout id (idempotency key). */
  readonly reference: string;
  readonly description: string;
  readonly onRegistered?: OnRegistered;
};

export type OrderState = 'registered' | 'authorized' | 'completed' | 'reversed' | 'other';

export interface PaymentOrderStatus {
  readonly orderId: string;
  readonly state: OrderState;
  /** The gateway's own word for the state. */
  readonly gatewayState: string | null;
  readonly amount: Kopecks | null;
  readonly reference: string | null;
  readonly operations: readonly MoneyMove[];
}

export interface SbpBank {
  /** The СБП member id, «100000000111». */
  readonly id: string;
  readonly name: string;
}

export interface SbpPrecheckInput {
  readonly amount: Kopecks;
  /** Our id of the check (the gateway order's reference). */
  readonly reference: string;
  readonly description: string;
  /** «79123456789»: the recipient's phone, digits only. */
  readonly phone: string;
  readonly bankId: string;
}

export interface SbpPrecheckResult {
  /** The gateway order registered for the payout; SBPCredit pays this order. */
  readonly orderId: string;
  readonly precheckId: string;
  /** The bank's masked name of the account holder, «Иван Иванович И.». */
  readonly recipientName: string;
}

export interface SbpPayoutInput {
  readonly orderId: string;
  readonly precheckId: string;
}

export interface SbpQrStart {
  readonly orderId: string;
  /** The NSPK link: shown as a QR code, or opened on a phone (the bank's app takes it). */
  readonly link: string;
}

export interface PaymentsGateway {
  /** Registers a small verification order and returns the card page that binds the card. */
  bindCardStart(input: BindCardStartInput): Promise<BindCardStart>;
  /** After the browser's return (or a notification): the bound card, or why it was not bound. */
  confirmBinding(orderId: string, operationId: string): Promise<BindingResult>;
  /** Registers a payment order and returns the hosted card page that pays it. */
  purchasePageStart(input: PurchasePageInput): Promise<PurchasePageStart>;
  /** Charges a bound card (repayment, prolongation) without the client on a page. */
  chargeByToken(input: ChargeInput): Promise<MoneyMove>;
  /** Sends money to a card (loan payout). */
  payout(input: PayoutInput): Promise<MoneyMove>;
  /** Returns all or part of an order's amount to the card. */
  reverse(input: { readonly orderId: string; readonly amount: Kopecks }): Promise<MoneyMove>;
  /** The СБП participants a payout by phone can go to. */
  sbpBanks(): Promise<readonly SbpBank[]>;
  /** Registers a payout order and asks the bank whose account the phone is (no money moves). */
  sbpPrecheck(input: SbpPrecheckInput): Promise<SbpPrecheckResult>;
  /** Pays out a checked order by the СБП (SBPCredit). */
  sbpPayout(input: SbpPayoutInput): Promise<MoneyMove>;
  /** Registers a payment order and returns its СБП link (QR code) (PurchaseSBPQRLink). */
  sbpQrStart(input: PurchasePageInput): Promise<SbpQrStart>;
  /** The order as the gateway knows it now, with its operations. */
  status(orderId: string): Promise<PaymentOrderStatus>;
}
