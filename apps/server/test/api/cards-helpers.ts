import { and, eq, sql } from 'drizzle-orm';
import { isLuhnValid } from '@zaymo/contract';
import { expect } from 'vitest';
import { cards, gatewayNotifications, paymentOperations } from '../../src/db/schema';
import { sandboxB2pOperations, sandboxB2pOrders } from '../../src/db/sandbox-schema';
import { renderSignedXml, type XmlFields } from '../../src/integrations/payments';
import { operationFields } from '../../src/sandbox/best2pay/answers';
import { sealCardToken } from '../../src/services/payments/token-vault';
import type { TestApp } from '../helpers/test-app';

/*
 * Drives the card journey the way the browser and the web app do: GET /api/pay/link, open the
 * sandbox's card page, post the form, follow the gateway's redirect, and forward its query to
 * POST /api/pay/callback/best2pay — all through app.inject, no port.
 */

type Headers = { authorization: string };
export type Inject = Awaited<ReturnType<TestApp['app']['inject']>>;

export interface TestCardInput {
  pan: string;
  expiry?: string;
  holder?: string;
  cvc?: string;
}

export async function payLink(
  testApp: TestApp,
  headers: Headers,
  referer = '/cards',
): Promise<URL> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/pay/link?referer=${encodeURIComponent(referer)}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return new URL(response.json<{ data: { url: string } }>().data.url);
}

function pathOf(url: URL): string {
  return `${url.pathname}${url.search}`;
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The hidden inputs and the action of the page's (first) form. */
export function formOf(
  html: string,
  pageUrl: URL,
): { action: URL; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form in page: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[unescapeHtml(match[1] ?? '')] = unescapeHtml(match[2] ?? '');
  }
  return { action: new URL(unescapeHtml(action), pageUrl), fields };
}

export async function openPage(testApp: TestApp, pageUrl: URL): Promise<Inject> {
  return testApp.app.inject({ method: 'GET', url: pathOf(pageUrl) });
}

export function postForm(
  testApp: TestApp,
  action: URL,
  fields: Record<string, string>,
): Promise<Inject> {
  return testApp.app.inject({
    method: 'POST',
    url: pathOf(action),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Opens the card page, fills the card in, submits: the gateway's answer to the browser. */
export async function submitCard(
  testApp: TestApp,
  pageUrl: URL,
  card: TestCardInput,
): Promise<Inject> {
  const page = await openPage(testApp, pageUrl);
  expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
  const form = formOf(page.body, pageUrl);
  return postForm(testApp, form.action, {
    ...form.fields,
    pan: card.pan,
    expiry: card.expiry ?? '12/30',
    holder: card.holder ?? 'IVAN IVANOV',
    cvc: card.cvc ?? '123',
  });
}

/** Answers the 3-D Secure page of a submitted card with a code. */
export async function confirmThreeDs(
  testApp: TestApp,
  pageUrl: URL,
  threeDsPage: Inject,
  code: string,
): Promise<Inject> {
  const form = formOf(threeDsPage.body, pageUrl);
  return postForm(testApp, form.action, { ...form.fields, code });
}

/** The query the gateway put on our return address (the card page returns to /pay/callback). */
export function returnQuery(
  redirect: Inject,
  returnPath = '/pay/callback',
): Record<string, string> {
  expect(redirect.statusCode, redirect.body.slice(0, 300)).toBe(303);
  const location = new URL(String(redirect.headers.location));
  expect(location.pathname).toBe(returnPath);
  return Object.fromEntries(location.searchParams);
}

export function payCallback(
  testApp: TestApp,
  headers: Headers,
  query: Record<string, string>,
): Promise<Inject> {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/pay/callback/best2pay?${new URLSearchParams(query).toString()}`,
    headers,
  });
}

/** The whole binding with one card: page, form, redirect; the return query. */
export async function payWithCard(
  testApp: TestApp,
  headers: Headers,
  card: TestCardInput,
  referer = '/cards',
): Promise<Record<string, string>> {
  const page = await payLink(testApp, headers, referer);
  return returnQuery(await submitCard(testApp, page, card));
}

export async function bindCard(
  testApp: TestApp,
  headers: Headers,
  card: TestCardInput,
  referer = '/cards',
): Promise<Inject> {
  return payCallback(testApp, headers, await payWithCard(testApp, headers, card, referer));
}

export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 45_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until the sandbox delivered every notification of the order and we recorded them. */
export async function notificationsSettled(testApp: TestApp, orderId: string): Promise<void> {
  await waitFor(async () => {
    const pending = await testApp.ctx.db
      .select({ id: sandboxB2pOperations.id })
      .from(sandboxB2pOperations)
      .where(
        and(
          eq(sandboxB2pOperations.orderId, Number(orderId)),
          sql`${sandboxB2pOperations.notifiedAt} is null`,
          sql`${sandboxB2pOperations.state} <> 'WAITING_3DS'`,
        ),
      );
    return pending.length === 0;
  }, `notifications of order ${orderId}`);
}

export function cardsOf(testApp: TestApp, clientId: number) {
  return testApp.ctx.db.select().from(cards).where(eq(cards.clientId, clientId));
}

export async function bindingOf(testApp: TestApp, orderId: string) {
  const [binding] = await testApp.ctx.db
    .select()
    .from(paymentOperations)
    .where(eq(paymentOperations.gatewayOrderId, orderId));
  return binding;
}

export function notificationsOf(testApp: TestApp, orderId: string) {
  return testApp.ctx.db
    .select()
    .from(gatewayNotifications)
    .where(eq(gatewayNotifications.orderId, orderId));
}

export async function sandboxOrder(testApp: TestApp, orderId: string) {
  const [order] = await testApp.ctx.db
    .select()
    .from(sandboxB2pOrders)
    .where(eq(sandboxB2pOrders.id, Number(orderId)));
  return order;
}

export function sandboxOperations(testApp: TestApp, orderId: string) {
  return testApp.ctx.db
    .select()
    .from(sandboxB2pOperations)
    .where(eq(sandboxB2pOperations.orderId, Number(orderId)));
}

/** A card row straight in the table, for tests of the card list itself. */
export async function insertCard(
  testApp: TestApp,
  clientId: number,
  values: { panMasked?: string; isActive?: boolean; createdAt?: Date } = {},
) {
  const [row] = await testApp.ctx.db
    .insert(cards)
    .values({
      clientId,
      tokenSealed: sealCardToken('b2ps_test-token', testApp.ctx.config.appSecret),
      panMasked: values.panMasked ?? '411111******1111',
      expiry: '12/30',
      holder: 'IVAN IVANOV',
      paymentSystem: 'visa',
      isActive: values.isActive ?? false,
      createdAt: values.createdAt ?? testApp.clock.now(),
    })
    .returning();
  if (!row) throw new Error('card not inserted');
  return row;
}

/**
 * Runs of 13–19 digits standing alone (not inside a longer word such as a hex digest, nor the
 * fraction of a number such as a response time) that pass the Luhn check: what a leaked card
 * number looks like.
 */
export function luhnValidNumbersIn(text: string): string[] {
  const runs = text.match(/(?<![0-9A-Za-z.])\d{13,19}(?![0-9A-Za-z])/g) ?? [];
  return runs.filter(isLuhnValid);
}

/** Every table of the public schema as text. */
export async function databaseText(testApp: TestApp): Promise<string> {
  const tables = await testApp.ctx.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { table_name: table } of rowsOf<{ table_name: string }>(tables)) {
    const rows = await testApp.ctx.db.execute(sql`select * from ${sql.identifier(table)}`);
    parts.push(`${table}: ${JSON.stringify(rowsOf(rows), bigintAsText)}`);
  }
  return parts.join('\n');
}

function bigintAsText(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** drizzle's execute() answers rows (node-postgres: in .rows; PGlite: in .rows too). */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}

/** The fields of the `<operation>` the sandbox would post for an order's card-page purchase. */
export async function purchaseNotificationFields(
  testApp: TestApp,
  orderId: string,
): Promise<XmlFields> {
  const [order] = await testApp.ctx.db
    .select()
    .from(sandboxB2pOrders)
    .where(eq(sandboxB2pOrders.id, Number(orderId)));
  const [operation] = await testApp.ctx.db
    .select()
    .from(sandboxB2pOperations)
    .where(
      and(
        eq(sandboxB2pOperations.orderId, Number(orderId)),
        eq(sandboxB2pOperations.type, 'PURCHASE'),
      ),
    );
  if (!order || !operation) throw new Error(`no operation for order ${orderId}`);
  return operationFields(order, operation, { withToken: false });
}

/** Those fields as the sandbox signs them: the body of a gateway notification. */
export function signedNotification(testApp: TestApp, fields: XmlFields): string {
  return renderSignedXml('operation', fields, testApp.ctx.config.best2paySandbox.password);
}

export async function purchaseNotificationXml(testApp: TestApp, orderId: string): Promise<string> {
  return signedNotification(testApp, await purchaseNotificationFields(testApp, orderId));
}
