import { formatMoney, kopecks } from '@zaymo/contract';
import { REASON_CODES } from '../../integrations/payments';
import {
  APPROVED,
  EXPIRED,
  expireIfPastLifetime,
  isPastLifetime,
  finishOperation,
  idOf,
  rejected,
  verifyRequest,
  type Params,
  type SandboxGateway,
  type SandboxReply,
} from './core';
import { SandboxGatewayError } from './errors';
import { escapeHtml, hiddenInputs, layout, renderMessagePage } from './page';
import { confirmLateOperations, IN_PROGRESS } from './sbp';
import { findOrder, type SandboxOrder } from './store';

/*
 * The sandbox's «bank app»: what a payer's bank shows after scanning the СБП QR code or opening
 * its link. The tester decides the payment: pay, refuse (the bank declines), or pay with the
 * bank's confirmation arriving later (the gateway then answers «in progress» until asked again).
 */

type Choice = 'pay' | 'decline' | 'late';

const CHOICES: Readonly<Record<Choice, string>> = {
  pay: 'Оплатить',
  decline: 'Отказ банка',
  late: 'Оплатить (банк подтвердит позже)',
};

function html(body: string, status = 200): SandboxReply {
  return { kind: 'html', status, body };
}

function isChoice(value: string | undefined): value is Choice {
  return value === 'pay' || value === 'decline' || value === 'late';
}

export async function sbpQrPage(gateway: SandboxGateway, params: Params): Promise<SandboxReply> {
  let order: SandboxOrder | undefined;
  try {
    verifyRequest(gateway, 'Purchase', params);
    order = await findOrder(gateway.db, gateway.sector, idOf(params.id));
  } catch (error) {
    if (!(error instanceof SandboxGatewayError)) throw error;
    return html(renderMessagePage('Ссылка СБП недействительна', 'Отсканируйте код заново.'), 400);
  }
  if (!order) return html(renderMessagePage('Ссылка СБП недействительна', 'Заказ не найден.'), 404);
  order = await expireIfPastLifetime(gateway, order);
  if (order.state === EXPIRED) {
    return html(
      renderMessagePage('Время оплаты истекло', 'Деньги не списаны. Начните оплату заново.'),
      410,
    );
  }
  if (order.state === IN_PROGRESS) return awaitingConfirmation(gateway, order, params);
  if (order.state !== 'REGISTERED') {
    return html(
      renderMessagePage('Платёж уже обработан', 'Этот код уже оплачен или отменён.'),
      409,
    );
  }
  if (isChoice(params.action)) return decide(gateway, order, params.action);
  return html(renderQrPage(order, params));
}

/** A payment the bank took but has not confirmed: the tester may confirm it now. */
async function awaitingConfirmation(
  gateway: SandboxGateway,
  order: SandboxOrder,
  params: Params,
): Promise<SandboxReply> {
  if (params.action === 'confirm') {
    await confirmLateOperations(gateway, order.id, { now: true });
    return html(renderMessagePage('Готово', 'Банк подтвердил платёж.'));
  }
  const hidden = {
    sector: params.sector ?? '',
    id: String(order.id),
    signature: params.signature ?? '',
  };
  const body = `<section class="panel" aria-labelledby="title">
<h1 id="title">Платёж ждёт подтверждения банка</h1>
<p class="muted">Без подтверждения банк подтвердит его сам через 30 секунд (по часам песочницы) при следующей проверке статуса.</p>
<form method="post" action="qr">
${hiddenInputs(hidden)}
<button type="submit" name="action" value="confirm">Подтвердить платёж сейчас</button>
</form>
</section>`;
  return html(layout('Оплата по СБП — песочница', body));
}

function renderQrPage(order: SandboxOrder, params: Params): string {
  const hidden = {
    sector: params.sector ?? '',
    id: String(order.id),
    signature: params.signature ?? '',
  };
  const buttons = Object.entries(CHOICES)
    .map(
      ([value, label]) =>
        `<button type="submit" name="action" value="${value}">${escapeHtml(label)}</button>`,
    )
    .join('\n');
  const body = `<section class="panel" aria-labelledby="title">
<h1 id="title">Оплата по СБП</h1>
<p class="muted">${escapeHtml(order.description)}</p>
<p class="amount">${escapeHtml(formatMoney(kopecks(order.amount)))}</p>
<form method="post" action="qr">
${hiddenInputs(hidden)}
${buttons}
</form>
</section>`;
  return layout('Оплата по СБП — песочница', body);
}

async function decide(gateway: SandboxGateway, order: SandboxOrder, choice: Choice) {
  const outcome =
    choice === 'pay'
      ? { values: APPROVED, orderState: 'COMPLETED' }
      : choice === 'late'
        ? { values: { state: IN_PROGRESS, reasonCode: null }, orderState: IN_PROGRESS }
        : { values: rejected(REASON_CODES.declinedByBank), orderState: 'REJECTED' };
  const finished = await gateway.db.transaction(async (tx) => {
    const locked = await findOrder(tx, gateway.sector, order.id, { forUpdate: true });
    if (locked?.state !== 'REGISTERED' || isPastLifetime(locked, gateway.clock.now())) return null;
    const values = {
      orderId: locked.id,
      type: 'PURCHASE_SBP',
      amount: locked.amount,
      currency: locked.currency,
      createdAt: gateway.clock.now(),
      ...outcome.values,
    };
    return finishOperation(tx, locked, values, outcome.orderState);
  });
  if (!finished)
    return html(renderMessagePage('Платёж уже обработан', 'Этот код уже оплачен.'), 409);
  if (choice !== 'late') gateway.notifier.send(finished.operation.id);
  const text =
    choice === 'pay'
      ? 'Платёж выполнен. Вернитесь на страницу займа: статус обновится сам.'
      : choice === 'late'
        ? 'Платёж принят банком и ждёт подтверждения.'
        : 'Банк отклонил платёж.';
  return html(renderMessagePage(choice === 'decline' ? 'Платёж отклонён' : 'Готово', text));
}
