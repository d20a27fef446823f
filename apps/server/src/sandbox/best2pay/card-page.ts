import { randomBytes } from 'node:crypto';
import { kopecks, maskPan } from '@zaymo/contract';
import { signaturesMatch } from '../../integrations/payments';
import { checkCard, type AcceptedCard, type CardFieldErrors } from './card-input';
import {
  APPROVED,
  expireIfPastLifetime,
  EXPIRED,
  finishOperation,
  idOf,
  isPastLifetime,
  issueToken,
  newChallenge,
  rejected,
  verifyRequest,
  type Finished,
  type Params,
  type SandboxGateway,
  type SandboxReply,
} from './core';
import { SandboxGatewayError } from './errors';
import { renderCardPage, renderMessagePage, renderThreeDsPage } from './page';
import {
  findOperation,
  findOrder,
  insertOperation,
  setOrderState,
  updateOperation,
  type SandboxOperation,
  type SandboxOrder,
  type SandboxTx,
} from './store';
import { REFUSAL_REASONS, testCardRule, THREE_DS_CODE, type CardRule } from './test-cards';

/*
 * The hosted card page (webapi/Purchase, webapi/Authorize): the browser opens it with the signed
 * link our server made, posts the card to it (action=pay), may pass a 3-D Secure page, and is
 * sent back to the order's url (success) or failurl (failure) with id, operation and reference,
 * as Best2Pay does. The number is checked, masked and dropped inside this request.
 */

export type PageMode = 'Purchase' | 'Authorize';

const PAGE_TITLE_INVALID = 'Ссылка на оплату недействительна';
const PAGE_TITLE_DONE = 'Заказ уже обработан';
const PAGE_TITLE_EXPIRED = 'Время оплаты заказа истекло';
const EXPIRED_TEXT = 'Деньги не списаны. Вернитесь в магазин и начните оплату заново.';

function html(body: string, status = 200, nonce?: string): SandboxReply {
  return { kind: 'html', status, body, nonce };
}

function message(title: string, text: string, status: number): SandboxReply {
  return html(renderMessagePage(title, text), status);
}

/** GET or POST of the page; with action=pay, the card itself. */
export async function cardPage(
  gateway: SandboxGateway,
  mode: PageMode,
  params: Params,
): Promise<SandboxReply> {
  let order: SandboxOrder | undefined;
  try {
    verifyRequest(gateway, mode, params);
    order = await findOrder(gateway.db, gateway.sector, idOf(params.id));
  } catch (error) {
    if (!(error instanceof SandboxGatewayError)) throw error;
    return message(PAGE_TITLE_INVALID, 'Вернитесь в магазин и начните оплату заново.', 400);
  }
  if (!order) return message(PAGE_TITLE_INVALID, 'Заказ не найден.', 404);
  order = await expireIfPastLifetime(gateway, order);
  if (order.state === EXPIRED) return message(PAGE_TITLE_EXPIRED, EXPIRED_TEXT, 410);
  if (order.state !== 'REGISTERED') {
    return message(PAGE_TITLE_DONE, 'Этот заказ уже оплачен или отменён.', 409);
  }
  if (params.action === 'pay') return pay(gateway, mode, params, order);
  return showPage(mode, order, params, {}, 200);
}

function showPage(
  mode: PageMode,
  order: SandboxOrder,
  params: Params,
  errors: CardFieldErrors,
  status: number,
): SandboxReply {
  const nonce = randomBytes(16).toString('base64');
  const binding = params.get_token === '1';
  const hidden: Record<string, string> = {
    sector: params.sector ?? '',
    id: String(order.id),
    signature: params.signature ?? '',
    action: 'pay',
    ...(binding ? { get_token: '1' } : {}),
  };
  const body = renderCardPage({
    // Relative: the page posts to itself, whatever host or prefix it is served under.
    action: mode,
    hidden,
    description: order.description,
    amount: kopecks(order.amount),
    binding,
    values: { expiry: params.expiry ?? '', holder: params.holder ?? '' },
    errors,
    cancelUrl: cancelAddress(order),
    nonce,
  });
  return html(body, status, nonce);
}

async function pay(
  gateway: SandboxGateway,
  mode: PageMode,
  params: Params,
  order: SandboxOrder,
): Promise<SandboxReply> {
  const form = {
    pan: params.pan ?? '',
    expiry: params.expiry ?? '',
    holder: params.holder ?? '',
    cvc: params.cvc ?? '',
  };
  const check = checkCard(form, gateway.clock.now());
  if (!check.ok) return showPage(mode, order, params, check.errors, 422);
  const rule = testCardRule(check.card.pan);
  const card = withoutNumber(check.card);
  const started = await gateway.db.transaction((tx) =>
    startOperation(tx, gateway, { orderId: order.id, mode, rule, card, params }),
  );
  if (!started) return message(PAGE_TITLE_DONE, 'Этот заказ уже оплачен или отменён.', 409);
  if (started.operation.state === 'WAITING_3DS') return threeDsPage(started);
  return finish(gateway, started);
}

interface MaskedCard {
  readonly panMasked: string;
  readonly expiry: string;
  readonly holder: string | null;
}

/** From here on only the masked number exists. */
function withoutNumber(card: AcceptedCard): MaskedCard {
  return { panMasked: maskPan(card.pan), expiry: card.expiry, holder: card.holder };
}

interface StartInput {
  readonly orderId: number;
  readonly mode: PageMode;
  readonly rule: CardRule;
  readonly card: MaskedCard;
  readonly params: Params;
}

async function startOperation(
  tx: SandboxTx,
  gateway: SandboxGateway,
  input: StartInput,
): Promise<Finished | null> {
  const order = await findOrder(tx, gateway.sector, input.orderId, { forUpdate: true });
  if (!order || order.state !== 'REGISTERED') return null;
  if (isPastLifetime(order, gateway.clock.now())) return null;
  const base = {
    orderId: order.id,
    type: input.mode === 'Authorize' ? 'AUTHORIZE' : 'PURCHASE',
    amount: order.amount,
    currency: order.currency,
    ...input.card,
    tokenRequested: input.params.get_token === '1',
    createdAt: gateway.clock.now(),
  };
  const { outcome, charges } = input.rule;
  if (outcome === 'threeDs') {
    const operation = await insertOperation(tx, {
      ...base,
      state: 'WAITING_3DS',
      challenge: newChallenge(),
      chargeBehaviour: charges,
    });
    return { order, operation };
  }
  if (outcome !== 'approve') {
    return finishOperation(
      tx,
      order,
      { ...base, ...rejected(REFUSAL_REASONS[outcome]) },
      'REJECTED',
    );
  }
  const token = base.tokenRequested ? await issueToken(tx, gateway, input.card, charges) : null;
  return finishOperation(tx, order, { ...base, ...APPROVED, token }, approvedState(input.mode));
}

function approvedState(mode: PageMode): string {
  return mode === 'Authorize' ? 'AUTHORIZED' : 'COMPLETED';
}

function threeDsPage({ order, operation }: Finished): SandboxReply {
  const body = renderThreeDsPage({
    action: '../acs',
    hidden: { operation: String(operation.id), challenge: operation.challenge ?? '' },
    description: order.description,
    amount: kopecks(order.amount),
    panMasked: operation.panMasked ?? '',
  });
  return html(body);
}

/** The 3-D Secure page's answer: the right code approves, any other rejects. */
export async function confirmThreeDs(
  gateway: SandboxGateway,
  params: Params,
): Promise<SandboxReply> {
  const operationId = /^\d{1,15}$/.test(params.operation ?? '') ? Number(params.operation) : 0;
  const pending = await findOperation(gateway.db, operationId);
  const finished =
    pending && (await gateway.db.transaction((tx) => settleThreeDs(tx, gateway, pending, params)));
  if (!finished) {
    return message(
      'Страница подтверждения устарела',
      'Вернитесь в магазин и оплатите заново.',
      409,
    );
  }
  return finish(gateway, finished);
}

async function settleThreeDs(
  tx: SandboxTx,
  gateway: SandboxGateway,
  pending: SandboxOperation,
  params: Params,
): Promise<Finished | null> {
  const order = await findOrder(tx, gateway.sector, pending.orderId, { forUpdate: true });
  const operation = await findOperation(tx, pending.id, { forUpdate: true });
  if (!order || !operation?.challenge || operation.state !== 'WAITING_3DS') return null;
  if (!signaturesMatch(operation.challenge, params.challenge ?? '')) return null;
  const confirmed = params.code?.trim() === THREE_DS_CODE && order.state === 'REGISTERED';
  if (!confirmed) {
    const outcome = rejected(REFUSAL_REASONS.threeDsFailed);
    const updated = await updateOperation(tx, operation.id, { ...outcome, challenge: null });
    if (order.state === 'REGISTERED') await setOrderState(tx, order.id, 'REJECTED');
    return { order: { ...order, state: 'REJECTED' }, operation: updated };
  }
  return approveThreeDs(tx, gateway, order, operation);
}

async function approveThreeDs(
  tx: SandboxTx,
  gateway: SandboxGateway,
  order: SandboxOrder,
  operation: SandboxOperation,
): Promise<Finished> {
  const card = {
    panMasked: operation.panMasked ?? '',
    expiry: operation.expiry ?? '',
    holder: operation.holder,
  };
  const charges =
    operation.chargeBehaviour === 'insufficientFunds' ? 'insufficientFunds' : 'approve';
  const token = operation.tokenRequested ? await issueToken(tx, gateway, card, charges) : null;
  const updated = await updateOperation(tx, operation.id, { ...APPROVED, token, challenge: null });
  const state = operation.type === 'AUTHORIZE' ? 'AUTHORIZED' : 'COMPLETED';
  await setOrderState(tx, order.id, state);
  return { order: { ...order, state }, operation: updated };
}

/** Notifies our server and sends the browser back, as the gateway does. */
function finish(gateway: SandboxGateway, { order, operation }: Finished): SandboxReply {
  gateway.notifier.send(operation.id);
  const location = returnAddress(order, operation);
  if (location) return { kind: 'redirect', location };
  const approved = operation.state === 'APPROVED';
  return approved
    ? message('Оплата прошла', 'Операция одобрена. Можно закрыть страницу.', 200)
    : message('Операция отклонена', 'Банк отклонил операцию.', 200);
}

function withQuery(base: string, query: Record<string, string | null>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(query)) {
    if (value !== null) url.searchParams.set(name, value);
  }
  return url.toString();
}

/** Success: url?id&operation&reference; failure: failurl with the reason code in `error`. */
export function returnAddress(order: SandboxOrder, operation: SandboxOperation): string | null {
  const approved = operation.state === 'APPROVED';
  const base = approved ? order.url : (order.failurl ?? order.url);
  if (!base) return null;
  return withQuery(base, {
    id: String(order.id),
    operation: String(operation.id),
    reference: order.reference,
    error: approved ? null : String(operation.reasonCode ?? ''),
  });
}

function cancelAddress(order: SandboxOrder): string | null {
  const base = order.failurl ?? order.url;
  if (!base) return null;
  return withQuery(base, { id: String(order.id), reference: order.reference, error: 'canceled' });
}
