import { expect, type APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { expectOk, type Auth } from './api';
import { readSmsCode } from './session';

/**
 * Orders made through the API for journeys that test what comes after the application (documents,
 * the operator's view, the СБП, servicing). The application itself is tested through the
 * calculator in loans.spec.ts.
 */

/** Order statuses the journeys wait for (the server's order_statuses). */
export const ORDER_STATUS = { approved: 2, issued: 4, repaid: 6 } as const;

const orderSchema = z.object({
  id: z.number(),
  status_id: z.number(),
  contract_number: z.string().nullable(),
});
export type OrderRow = z.infer<typeof orderSchema>;

const ordersSchema = z.object({
  data: z.object({ data: z.object({ data: z.array(orderSchema) }) }),
});
const tariffsSchema = z.object({
  data: z.object({ tariffs: z.array(z.object({ id: z.number() })) }),
});
const cardsSchema = z.object({ data: z.array(z.object({ id: z.number() })) });
const createdSchema = z.object({ data: z.object({ order: z.object({ id: z.number() }) }) });

/** The client's orders, newest first. */
export async function ordersOf(request: APIRequestContext, headers: Auth): Promise<OrderRow[]> {
  const answer = await request.get('/api/clients/orders', { headers });
  await expectOk(answer);
  return ordersSchema.parse(await answer.json()).data.data.data;
}

/** This order as the client's list shows it now. */
export async function orderOf(
  request: APIRequestContext,
  headers: Auth,
  orderId: number,
): Promise<OrderRow | undefined> {
  return (await ordersOf(request, headers)).find((order) => order.id === orderId);
}

/**
 * The client (identity complete, a card bound) applies for 10 000 ₽ (or `amount`) for 30 days
 * through the API; answers the new order's id (the scoring runs in the background).
 */
export async function applyByApi(
  request: APIRequestContext,
  headers: Auth,
  amount = '10000.00',
  insuranceIds: readonly number[] = [],
): Promise<number> {
  const tariffs = tariffsSchema.parse(await (await request.get('/api/tariff/default')).json());
  const created = await request.post('/api/orders/create', {
    headers,
    data: {
      tariff_id: tariffs.data.tariffs[0]?.id,
      amount,
      period: 30,
      insurance_ids: insuranceIds,
      accepted_documents: ['loan_application', 'bki_consent'],
    },
  });
  await expectOk(created);
  return createdSchema.parse(await created.json()).data.order.id;
}

/**
 * An application (applyByApi) the sandbox scoring approves: an «Одобренов(а)». Waits for the
 * background scoring.
 */
export async function approvedOrder(
  request: APIRequestContext,
  headers: Auth,
  amount?: string,
  insuranceIds?: readonly number[],
): Promise<OrderRow> {
  const id = await applyByApi(request, headers, amount, insuranceIds);
  await expect
    .poll(async () => (await orderOf(request, headers, id))?.status_id, { timeout: 60_000 })
    .toBe(ORDER_STATUS.approved);
  const order = await orderOf(request, headers, id);
  if (!order) throw new Error(`Нет заявки ${id}`);
  return order;
}

/**
 * A signing code for the order, from the sandbox outbox. The one-minute pause is between codes
 * of one purpose (decisions §4), so the sign-up code just sent does not hold this one up.
 */
export async function signCode(
  request: APIRequestContext,
  headers: Auth,
  phone: string,
  orderId: number,
): Promise<string> {
  await expectOk(
    await request.post('/api/sms/send', { headers, data: { purpose: 'sign', order_id: orderId } }),
  );
  return readSmsCode(request, phone);
}

/** The client signs the approved order with the code from the outbox. */
export async function signOrder(
  request: APIRequestContext,
  headers: Auth,
  phone: string,
  orderId: number,
): Promise<void> {
  const code = await signCode(request, headers, phone, orderId);
  await expectOk(
    await request.post('/api/orders/verify', { headers, data: { order_id: orderId, code } }),
  );
}

/** An application the sandbox scoring approves (approvedOrder), signed with the outbox code. */
export async function signedOrder(
  request: APIRequestContext,
  headers: Auth,
  phone: string,
): Promise<OrderRow> {
  const order = await approvedOrder(request, headers);
  await signOrder(request, headers, phone, order.id);
  return order;
}

/** An approved order (approvedOrder), signed with the outbox code and paid out to the card. */
export async function paidOutOrder(
  request: APIRequestContext,
  headers: Auth,
  phone: string,
  insuranceIds?: readonly number[],
): Promise<OrderRow & { contract_number: string }> {
  const order = await approvedOrder(request, headers, undefined, insuranceIds);
  if (!order.contract_number) throw new Error('Нет номера договора');
  await signOrder(request, headers, phone, order.id);
  await expectOk(
    await request.post(`/api/orders/${order.id}/payout`, {
      headers: { ...headers, 'Idempotency-Key': `e2e-payout-${order.id}-${Date.now()}` },
    }),
  );
  await expect
    .poll(async () => (await orderOf(request, headers, order.id))?.status_id, { timeout: 30_000 })
    .toBe(ORDER_STATUS.issued);
  return { ...order, contract_number: order.contract_number };
}

/** The paid-out loan repaid in full by the client's first card, through the API. */
export async function repaidInFull(
  request: APIRequestContext,
  headers: Auth,
  order: OrderRow & { contract_number: string },
): Promise<void> {
  const cards = cardsSchema.parse(
    await (await request.get('/api/clients/cards', { headers })).json(),
  );
  await expectOk(
    await request.post(`/api/pay/payment/${encodeURIComponent(order.contract_number)}`, {
      headers: { ...headers, 'Idempotency-Key': `e2e-repay-${order.id}-${Date.now()}` },
      data: { type: 'full', payment_system_id: 1, card_id: cards.data[0]?.id },
    }),
  );
  await expect
    .poll(async () => (await orderOf(request, headers, order.id))?.status_id)
    .toBe(ORDER_STATUS.repaid);
}
