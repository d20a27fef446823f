import { paymentSystemOf, roubles, type Kopecks } from '@zaymo/contract';
import { MalformedGatewayAnswerError } from '../errors';
import type {
  BindCardStart,
  BindCardStartInput,
  BindingResult,
  ChargeInput,
  PurchasePageInput,
  PurchasePageStart,
  MoneyMove,
  OperationStatus,
  OrderState,
  PaymentOrderStatus,
  PaymentsGateway,
  PayoutInput,
  SbpBank,
  SbpPayoutInput,
  SbpPrecheckInput,
  SbpPrecheckResult,
  SbpQrStart,
} from '../gateway';
import type { Best2PayClient } from './client';
import { reasonMessage } from './reason-messages';
import type { Best2PayOperation, Best2PayOrder } from './xml';

export interface Best2PayGatewayOptions {
  /** The verification charge of a card binding, reversed afterwards. Default 1 ₽. */
  readonly bindingAmount?: Kopecks;
  readonly bindingDescription?: string;
}

/** Operation types a card binding page may produce. */
const BINDING_TYPES: ReadonlySet<string> = new Set(['PURCHASE', 'AUTHORIZE', 'EPAYMENT']);

/** States that end an operation unsuccessfully; anything unknown stays pending (re-check). */
const DECLINED_STATES: ReadonlySet<string> = new Set(['REJECTED', 'DECLINED', 'ERROR', 'CANCELED']);

const ORDER_STATES: Readonly<Record<string, OrderState>> = {
  REGISTERED: 'registered',
  AUTHORIZED: 'authorized',
  COMPLETED: 'completed',
  CANCELED: 'reversed',
  REVERSED: 'reversed',
};

export function operationStatus(operation: Best2PayOperation): OperationStatus {
  if (operation.state === 'APPROVED') return 'approved';
  return DECLINED_STATES.has(operation.state) ? 'declined' : 'pending';
}

export function toMoneyMove(operation: Best2PayOperation): MoneyMove {
  const status = operationStatus(operation);
  return {
    orderId: operation.orderId,
    operationId: operation.id,
    reference: operation.reference,
    status,
    type: operation.type,
    amount: operation.amount,
    reasonCode: operation.reasonCode,
    message: status === 'approved' ? '' : reasonMessage(operation.reasonCode),
    panMasked: operation.panMasked,
  };
}

function toOrderStatus(order: Best2PayOrder): PaymentOrderStatus {
  return {
    orderId: order.id,
    state: (order.state && ORDER_STATES[order.state]) || 'other',
    gatewayState: order.state,
    amount: order.amount,
    reference: order.reference,
    operations: order.operations.map(toMoneyMove),
  };
}

function bindingResult(operation: Best2PayOperation): BindingResult {
  const ref = {
    orderId: operation.orderId,
    operationId: operation.id,
    reference: operation.reference,
  };
  const status = operationStatus(operation);
  if (status !== 'approved') {
    const message = reasonMessage(operation.reasonCode);
    return { ...ref, status, reasonCode: operation.reasonCode, message };
  }
  if (!operation.token || !operation.panMasked || !BINDING_TYPES.has(operation.type)) {
    throw new MalformedGatewayAnswerError(`binding ${operation.type} without token or card`, {
      orderId: operation.orderId,
    });
  }
  const card = {
    token: operation.token,
    panMasked: operation.panMasked,
    expiry: operation.expiry,
    holder: operation.holder,
    paymentSystem: paymentSystemOf(operation.panMasked),
  };
  return { ...ref, status, card, amount: operation.amount };
}

/** The `PaymentsGateway` over Best2Pay (or the Best2Pay-compatible sandbox). */
export class Best2PayGateway implements PaymentsGateway {
  private readonly bindingAmount: Kopecks;
  private readonly bindingDescription: string;

  constructor(
    private readonly client: Best2PayClient,
    options: Best2PayGatewayOptions = {},
  ) {
    this.bindingAmount = options.bindingAmount ?? roubles(1);
    this.bindingDescription = options.bindingDescription ?? 'Привязка банковской карты';
  }

  async bindCardStart(input: BindCardStartInput): Promise<BindCardStart> {
    const orderId = await this.client.register({
      amount: this.bindingAmount,
      description: this.bindingDescription,
      reference: input.reference,
      url: input.returnUrl,
      failurl: input.failUrl,
      email: input.email,
      phone: input.phone,
    });
    const url = this.client.purchasePageUrl(orderId, { getToken: true });
    return { orderId, url, amount: this.bindingAmount };
  }

  async confirmBinding(orderId: string, operationId: string): Promise<BindingResult> {
    const operation = await this.client.getOperation({ orderId, operationId, getToken: true });
    if (operation.orderId !== orderId || operation.id !== operationId) {
      throw new MalformedGatewayAnswerError('Operation: answer for another operation', { orderId });
    }
    return bindingResult(operation);
  }

  async purchasePageStart(input: PurchasePageInput): Promise<PurchasePageStart> {
    const orderId = await this.client.register({
      amount: input.amount,
      description: input.description,
      reference: input.reference,
      url: input.returnUrl,
      failurl: input.failUrl,
      lifePeriod: input.lifetimeSeconds,
    });
    return { orderId, url: this.client.purchasePageUrl(orderId, { getToken: false }) };
  }

  async chargeByToken(input: ChargeInput): Promise<MoneyMove> {
    const orderId = await this.client.register({
      amount: input.amount,
      description: input.description,
      reference: input.reference,
      email: input.email,
      phone: input.phone,
    });
    await input.onRegistered?.(orderId);
    return toMoneyMove(await this.client.purchaseByToken({ orderId, token: input.token }));
  }

  async payout(input: PayoutInput): Promise<MoneyMove> {
    return toMoneyMove(await this.client.p2pCredit(input));
  }

  sbpBanks(): Promise<readonly SbpBank[]> {
    return this.client.sbpBankList();
  }

  async sbpPrecheck(input: SbpPrecheckInput): Promise<SbpPrecheckResult> {
    const orderId = await this.client.register({
      amount: input.amount,
      description: input.description,
      reference: input.reference,
    });
    const precheck = await this.client.sbpCreditPrecheck({
      orderId,
      phone: input.phone,
      bankId: input.bankId,
    });
    return { orderId, precheckId: precheck.precheckId, recipientName: precheck.recipientName };
  }

  async sbpPayout(input: SbpPayoutInput): Promise<MoneyMove> {
    return toMoneyMove(await this.client.sbpCredit(input));
  }

  async sbpQrStart(input: PurchasePageInput): Promise<SbpQrStart> {
    const orderId = await this.client.register({
      amount: input.amount,
      description: input.description,
      reference: input.reference,
      url: input.returnUrl,
      failurl: input.failUrl,
      lifePeriod: input.lifetimeSeconds,
    });
    const { link } = await this.client.purchaseSbpQrLink(orderId);
    return { orderId, link };
  }

  async reverse(input: { orderId: string; amount: Kopecks }): Promise<MoneyMove> {
    return toMoneyMove(await this.client.reverse(input));
  }

  async status(orderId: string): Promise<PaymentOrderStatus> {
    return toOrderStatus(await this.client.getOrder(orderId));
  }
}
