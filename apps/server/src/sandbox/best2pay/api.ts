import { setTimeout as delay } from 'node:timers/promises';
import { cardDigits, isLuhnValid, maskPan } from '@zaymo/contract';
import { BEST2PAY_RUB, REASON_CODES } from '../../integrations/payments';
import { operationXml, orderWithOperationsXml, orderXml } from './answers';
import {
  amountOf,
  APPROVED,
  finishOperation,
  idOf,
  rejected,
  expireIfPastLifetime,
  verifyRequest,
  xml,
  type CardOnFile,
  type Finished,
  type Params,
  type SandboxGateway,
  type SandboxReply,
} from './core';
import { SandboxGatewayError } from './errors';
import {
  findOperation,
  findOrder,
  findToken,
  insertOrder,
  operationsOf,
  type SandboxOperation,
  type SandboxOrder,
  type SandboxTx,
} from './store';
import { confirmLateOperations, IN_PROGRESS } from './sbp';
import { LATE_ANSWER_MS, testCardRule } from './test-cards';

/*
 * The sandbox's server-to-server calls: webapi/Register, Order, Operation, PurchaseByToken,
 * Reverse, Complete and gateweb/P2PCredit — signed form posts, XML answers, as Best2Pay.
 */

function optionalUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {
    // falls through
  }
  throw new SandboxGatewayError('badRequest');
}

/** life_period: whole seconds the order may be paid for; absent, it lives as long as the sector's. */
function lifetimeEnd(gateway: SandboxGateway, lifePeriod: string | undefined): Date | null {
  if (lifePeriod === undefined) return null;
  if (!/^[1-9]\d{0,8}$/.test(lifePeriod)) throw new SandboxGatewayError('badRequest');
  return new Date(gateway.clock.now().getTime() + Number(lifePeriod) * 1000);
}

export async function register(gateway: SandboxGateway, params: Params): Promise<SandboxReply> {
  verifyRequest(gateway, 'Register', params);
  const amount = amountOf(params);
  const expiresAt = lifetimeEnd(gateway, params.life_period);
  if (!params.description) throw new SandboxGatewayError('badRequest');
  const order = await insertOrder(gateway.db, {
    sector: gateway.sector,
    amount,
    currency: BEST2PAY_RUB,
    reference: params.reference ?? null,
    description: params.description.slice(0, 1000),
    url: optionalUrl(params.url),
    failurl: optionalUrl(params.failurl),
    notifyUrl: optionalUrl(params.notify_url),
    email: params.email ?? null,
    phone: params.phone ?? null,
    state: 'REGISTERED',
    createdAt: gateway.clock.now(),
    expiresAt,
  });
  if (params.mode === '1') return { kind: 'text', body: String(order.id) };
  return xml(orderXml(order, gateway.password));
}

async function orderOf(gateway: SandboxGateway, params: Params): Promise<SandboxOrder> {
  const order = await findOrder(gateway.db, gateway.sector, idOf(params.id));
  if (!order) throw new SandboxGatewayError('orderNotFound');
  return order;
}

export async function order(gateway: SandboxGateway, params: Params): Promise<SandboxReply> {
  verifyRequest(gateway, 'Order', params);
  let found = await orderOf(gateway, params);
  // Only an order taken by a bank can have a late confirmation due (checked again under a lock).
  if (found.state === IN_PROGRESS && (await confirmLateOperations(gateway, found.id)) > 0) {
    found = await orderOf(gateway, params);
  }
  const operations = await operationsOf(gateway.db, found.id);
  const current = await expireIfPastLifetime(gateway, found, operations);
  return xml(orderWithOperationsXml(current, operations, gateway.password));
}

export async function operation(gateway: SandboxGateway, params: Params): Promise<SandboxReply> {
  verifyRequest(gateway, 'Operation', params);
  const found = await orderOf(gateway, params);
  const op = await findOperation(gateway.db, idOf(params.operation));
  if (!op || op.orderId !== found.id) throw new SandboxGatewayError('operationNotFound');
  const withToken = params.get_token === '1' && op.tokenRequested;
  return xml(operationXml(found, op, gateway.password, { withToken }));
}

/** Runs a change of one order under its row lock; notifies and answers the new operation. */
async function changeOrder(
  gateway: SandboxGateway,
  params: Params,
  change: (tx: SandboxTx, order: SandboxOrder) => Promise<Finished>,
): Promise<SandboxReply> {
  const id = idOf(params.id);
  const finished = await gateway.db.transaction(async (tx) => {
    const locked = await findOrder(tx, gateway.sector, id, { forUpdate: true });
    if (!locked) throw new SandboxGatewayError('orderNotFound');
    return change(tx, locked);
  });
  gateway.notifier.send(finished.operation.id);
  return xml(operationXml(finished.order, finished.operation, gateway.password));
}

function requireState(order: SandboxOrder, ...states: string[]): void {
  if (!states.includes(order.state)) throw new SandboxGatewayError('wrongOrderState');
}

function operationValues(
  gateway: SandboxGateway,
  order: SandboxOrder,
  type: string,
  amount: bigint,
  card: CardOnFile | null,
) {
  return {
    orderId: order.id,
    type,
    amount,
    currency: order.currency,
    panMasked: card?.panMasked ?? null,
    expiry: card?.expiry ?? null,
    holder: card?.holder ?? null,
    createdAt: gateway.clock.now(),
  };
}

export async function purchaseByToken(
  gateway: SandboxGateway,
  params: Params,
): Promise<SandboxReply> {
  verifyRequest(gateway, 'PurchaseByToken', params);
  let answersLate = false;
  const reply = await changeOrder(gateway, params, async (tx, order) => {
    requireState(order, 'REGISTERED');
    const token = await findToken(tx, gateway.sector, params.token ?? '');
    if (!token) throw new SandboxGatewayError('tokenNotFound');
    answersLate = token.behaviour === 'approveLate';
    const approved = token.behaviour !== 'insufficientFunds';
    const outcome = approved ? APPROVED : rejected(REASON_CODES.insufficientFunds);
    const values = {
      ...operationValues(gateway, order, 'PURCHASE', order.amount, token),
      ...outcome,
      token: token.token,
    };
    return finishOperation(tx, order, values, approved ? 'COMPLETED' : 'REJECTED');
  });
  // The charge is committed (and asked about by Order) before the answer leaves.
  if (answersLate) await delay(LATE_ANSWER_MS);
  return reply;
}

function sumApproved(operations: readonly SandboxOperation[], types: readonly string[]): bigint {
  return operations
    .filter((op) => op.state === 'APPROVED' && types.includes(op.type))
    .reduce((sum, op) => sum + op.amount, 0n);
}

/** The card an order was paid with, for the operations that follow (reverse, complete). */
function cardOfOrder(operations: readonly SandboxOperation[]): CardOnFile | null {
  const paid = operations.find((op) => op.panMasked !== null);
  return paid?.panMasked ? { ...paid, panMasked: paid.panMasked } : null;
}

export function reverse(gateway: SandboxGateway, params: Params): Promise<SandboxReply> {
  verifyRequest(gateway, 'Reverse', params);
  const amount = amountOf(params);
  return changeOrder(gateway, params, async (tx, order) => {
    requireState(order, 'COMPLETED', 'AUTHORIZED');
    const operations = await operationsOf(tx, order.id);
    const charged = sumApproved(operations, ['PURCHASE', 'AUTHORIZE', 'PURCHASE_SBP']);
    const remaining = charged - sumApproved(operations, ['REVERSE']);
    if (amount > remaining) throw new SandboxGatewayError('badAmount');
    const card = cardOfOrder(operations);
    const values = { ...operationValues(gateway, order, 'REVERSE', amount, card), ...APPROVED };
    return finishOperation(tx, order, values, amount === remaining ? 'REVERSED' : order.state);
  });
}

export function complete(gateway: SandboxGateway, params: Params): Promise<SandboxReply> {
  verifyRequest(gateway, 'Complete', params);
  const amount = amountOf(params);
  return changeOrder(gateway, params, async (tx, order) => {
    requireState(order, 'AUTHORIZED');
    const operations = await operationsOf(tx, order.id);
    if (amount > sumApproved(operations, ['AUTHORIZE'])) {
      throw new SandboxGatewayError('badAmount');
    }
    const card = cardOfOrder(operations);
    const values = { ...operationValues(gateway, order, 'COMPLETE', amount, card), ...APPROVED };
    return finishOperation(tx, order, values, 'COMPLETED');
  });
}

/** A payout card by token, or by a number typed once: checked, masked, and let go. */
async function payoutCard(
  tx: SandboxTx,
  gateway: SandboxGateway,
  params: Params,
): Promise<CardOnFile & { declined: boolean }> {
  if (params.token) {
    const token = await findToken(tx, gateway.sector, params.token);
    if (!token) throw new SandboxGatewayError('tokenNotFound');
    return { ...token, declined: false };
  }
  const digits = cardDigits(params.pan ?? '');
  if (!isLuhnValid(digits)) throw new SandboxGatewayError('badCard');
  const declined = testCardRule(digits).outcome === 'decline';
  return { panMasked: maskPan(digits), expiry: null, holder: null, declined };
}

export function p2pCredit(gateway: SandboxGateway, params: Params): Promise<SandboxReply> {
  verifyRequest(gateway, 'P2PCredit', params);
  const amount = amountOf(params);
  return changeOrder(gateway, params, async (tx, order) => {
    requireState(order, 'REGISTERED');
    if (amount !== order.amount) throw new SandboxGatewayError('badAmount');
    const { declined, ...card } = await payoutCard(tx, gateway, params);
    const outcome = declined ? rejected(REASON_CODES.declinedByBank) : APPROVED;
    const values = {
      ...operationValues(gateway, order, 'P2PCREDIT', amount, card),
      ...outcome,
      token: params.token ?? null,
    };
    return finishOperation(tx, order, values, declined ? 'REJECTED' : 'COMPLETED');
  });
}
