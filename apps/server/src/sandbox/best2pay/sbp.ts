import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { clients } from '../../db/schema';
import { sandboxB2pOperations, sandboxB2pOrders } from '../../db/sandbox-schema';
import { REASON_CODES, signRequest } from '../../integrations/payments';
import { operationXml } from './answers';
import {
  APPROVED,
  EXPIRED,
  expireIfPastLifetime,
  finishOperation,
  idOf,
  rejected,
  verifyRequest,
  xml,
  type Finished,
  type Params,
  type SandboxGateway,
  type SandboxReply,
} from './core';
import { SandboxGatewayError } from './errors';
import { escapeHtml } from './page';
import { holderNameAsBankShows } from '../../services/loans/sbp-recipient';
import { OTHER_PERSON_NAME, SANDBOX_SBP_BANKS, sbpPhoneOutcome } from './sbp-rules';
import { findOrder, setOrderState, type SandboxOrder, type SandboxTx } from './store';

/*
 * The sandbox's СБП calls, as Best2Pay names them: webapi/sbp/GetSBPBankList,
 * webapi/sbp/SBPCreditPrecheck (who holds the phone at that bank: the masked name, «pam»),
 * webapi/sbp/SBPCredit (the payout of a checked order) and webapi/PurchaseSBPQRLink (the NSPK
 * link of a payment, here a link to the sandbox's «bank app» page). The sandbox plays the banks
 * too: the holder of a phone is the client our own records know by it.
 */

/** An operation the bank has taken but not yet confirmed. */
export const IN_PROGRESS = 'IN_PROGRESS';
/** A bank's late confirmation arrives this long after it took the operation (sandbox clock). */
export const LATE_CONFIRMATION_MS = 30_000;

function document(root: string, inner: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${inner}</${root}>`;
}

function tag(name: string, value: string): string {
  return `<${name}>${escapeHtml(value)}</${name}>`;
}

export async function sbpBankList(gateway: SandboxGateway, params: Params): Promise<SandboxReply> {
  verifyRequest(gateway, 'GetSBPBankList', params);
  const banks = SANDBOX_SBP_BANKS.map(
    (bank) => `<bank>${tag('id', bank.id)}${tag('name', bank.name)}</bank>`,
  );
  return xml(document('banks', banks.join('')));
}

/** The check's id binds the order to the phone it was made for. */
function precheckIdOf(gateway: SandboxGateway, orderId: number, phone: string): string {
  const mac = createHmac('sha256', gateway.password).update(`${orderId}:${phone}`).digest('hex');
  return `pc${mac.slice(0, 30)}`;
}

async function holderOf(tx: SandboxTx, phone: string): Promise<string | null> {
  const [person] = await tx
    .select({ name: clients.name, patronymic: clients.patronymic, surname: clients.surname })
    .from(clients)
    .where(eq(clients.phone, `+${phone}`));
  return person ? holderNameAsBankShows(person) : null;
}

async function lockedOrder(tx: SandboxTx, gateway: SandboxGateway, id: string | undefined) {
  const order = await findOrder(tx, gateway.sector, idOf(id), { forUpdate: true });
  if (!order) throw new SandboxGatewayError('orderNotFound');
  if (order.state !== 'REGISTERED') throw new SandboxGatewayError('wrongOrderState');
  return order;
}

export async function sbpCreditPrecheck(
  gateway: SandboxGateway,
  params: Params,
): Promise<SandboxReply> {
  verifyRequest(gateway, 'SBPCreditPrecheck', params);
  const phone = params.phone ?? '';
  if (!/^7\d{10}$/.test(phone)) throw new SandboxGatewayError('badRequest');
  if (!SANDBOX_SBP_BANKS.some((bank) => bank.id === params.recipientBankId)) {
    throw new SandboxGatewayError('sbpBankUnknown');
  }
  const outcome = sbpPhoneOutcome(phone);
  return gateway.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, gateway, params.id);
    const name = outcome === 'otherPerson' ? OTHER_PERSON_NAME : await holderOf(tx, phone);
    if (outcome === 'notFound' || !name) throw new SandboxGatewayError('sbpRecipientNotFound');
    await tx.update(sandboxB2pOrders).set({ phone }).where(eq(sandboxB2pOrders.id, order.id));
    const fields = [
      tag('order_id', String(order.id)),
      tag('precheck_id', precheckIdOf(gateway, order.id, phone)),
      tag('pam', name),
    ];
    return xml(document('precheck', fields.join('')));
  });
}

interface CreditOutcome {
  readonly values: { readonly state: string; readonly reasonCode: number | null };
  readonly orderState: string;
}

function creditOutcome(order: SandboxOrder): CreditOutcome {
  switch (sbpPhoneOutcome(order.phone ?? '')) {
    case 'decline':
      return { values: rejected(REASON_CODES.declinedByBank), orderState: 'REJECTED' };
    case 'lateConfirmation':
      return { values: { state: IN_PROGRESS, reasonCode: null }, orderState: IN_PROGRESS };
    // The precheck refuses «notFound» and «otherPerson»; «answerLost» pays and loses the answer.
    case 'approve':
    case 'notFound':
    case 'otherPerson':
    case 'answerLost':
      return { values: APPROVED, orderState: 'COMPLETED' };
  }
}

export async function sbpCredit(gateway: SandboxGateway, params: Params): Promise<SandboxReply> {
  verifyRequest(gateway, 'SBPCredit', params);
  const finished: Finished = await gateway.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, gateway, params.id);
    const phone = order.phone ?? '';
    if (!phone || params.precheck_id !== precheckIdOf(gateway, order.id, phone)) {
      throw new SandboxGatewayError('sbpPrecheckInvalid');
    }
    const { values, orderState } = creditOutcome(order);
    const operation = {
      orderId: order.id,
      type: 'SBPCREDIT',
      amount: order.amount,
      currency: order.currency,
      createdAt: gateway.clock.now(),
      ...values,
    };
    return finishOperation(tx, order, operation, orderState);
  });
  if (finished.operation.state !== IN_PROGRESS) gateway.notifier.send(finished.operation.id);
  if (sbpPhoneOutcome(finished.order.phone ?? '') === 'answerLost') return { kind: 'lost' };
  return xml(operationXml(finished.order, finished.operation, gateway.password));
}

/** The link a payer's bank app opens; here, the sandbox's own «bank app» page. */
export function sbpQrLinkOf(gateway: SandboxGateway, orderId: number): string {
  const fields = { sector: gateway.sector, id: String(orderId) };
  const signature = signRequest('Purchase', fields, gateway.password);
  return `${gateway.publicUrl}/sbp/qr?${new URLSearchParams({ ...fields, signature }).toString()}`;
}

export async function purchaseSbpQrLink(
  gateway: SandboxGateway,
  params: Params,
): Promise<SandboxReply> {
  verifyRequest(gateway, 'PurchaseSBPQRLink', params);
  const found = await findOrder(gateway.db, gateway.sector, idOf(params.id));
  if (!found) throw new SandboxGatewayError('orderNotFound');
  const order = await expireIfPastLifetime(gateway, found);
  if (order.state === EXPIRED) throw new SandboxGatewayError('orderExpired');
  if (order.state !== 'REGISTERED') throw new SandboxGatewayError('wrongOrderState');
  const data =
    tag('sbpOperationId', `AS${order.id}`) + tag('nspkLink', sbpQrLinkOf(gateway, order.id));
  return xml(document('response', `<data>${data}</data>`));
}

/**
 * The banks' late confirmations: an operation taken IN_PROGRESS is approved once asked about
 * (webapi/Order) LATE_CONFIRMATION_MS after it was taken, or at once when the tester confirms it
 * on the «bank app» page (`now`); its notification is posted then.
 */
export async function confirmLateOperations(
  gateway: SandboxGateway,
  orderId: number,
  options: { now?: boolean } = {},
): Promise<number> {
  const confirmed = await gateway.db.transaction(async (tx) => {
    const order = await findOrder(tx, gateway.sector, orderId, { forUpdate: true });
    if (order?.state !== IN_PROGRESS) return [];
    const taken = await tx
      .select()
      .from(sandboxB2pOperations)
      .where(
        and(eq(sandboxB2pOperations.orderId, orderId), eq(sandboxB2pOperations.state, IN_PROGRESS)),
      );
    const due = gateway.clock.now().getTime() - LATE_CONFIRMATION_MS;
    const ready = taken.filter((op) => options.now === true || op.createdAt.getTime() <= due);
    if (ready.length === 0) return [];
    for (const op of ready) {
      await tx.update(sandboxB2pOperations).set(APPROVED).where(eq(sandboxB2pOperations.id, op.id));
    }
    await setOrderState(tx, orderId, 'COMPLETED');
    return ready;
  });
  for (const op of confirmed) gateway.notifier.send(op.id);
  return confirmed.length;
}
