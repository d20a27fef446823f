import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bureauRequests,
  crmAudit,
  loanLedger,
  loanOrders,
  orderSignatures,
  settingsChanges,
} from '../../src/db/schema';
import { createClient } from '../helpers/factories';
import { databaseRefusal } from '../helpers/refusal';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createStaffMember } from './crm-helpers';
import { insertOrder } from './orders-helpers';

/** Each table with a column an edit would plausibly touch. */
const APPEND_ONLY_TABLES = [
  ['loan_ledger', 'amount'],
  ['crm_audit', 'action'],
  ['settings_changes', 'after'],
  ['bureau_requests', 'outcome'],
  ['order_signatures', 'code_hash'],
  ['order_document_acceptances', 'version'],
] as const;
const TABLE_NAMES = APPEND_ONLY_TABLES.map(([table]) => table);

describe('records written once', () => {
  let testApp: TestApp;
  let orderId: number;

  beforeAll(async () => {
    testApp = await createTestApp();
    const now = testApp.clock.now();
    const client = await createClient(testApp);
    const order = await insertOrder(testApp, client.id, { statusId: 6 });
    orderId = order.id;
    const { row: admin } = await createStaffMember(testApp, 'admin');
    const db = testApp.ctx.db;
    await db.insert(loanLedger).values({
      orderId,
      entryKey: 'payout',
      kind: 'payout',
      amount: 1_000_000n,
      entryDate: '2026-11-27',
      createdAt: now,
    });
    await db
      .insert(crmAudit)
      .values({ staffId: admin.id, action: 'signed_in', ip: '10.0.0.1', createdAt: now });
    await db.insert(settingsChanges).values({
      entity: 'moratorium',
      entityId: '1',
      staffId: admin.id,
      before: { days: 30 },
      after: { days: 60 },
      changedAt: now,
    });
    await db.insert(bureauRequests).values({
      clientId: client.id,
      orderId,
      bureau: 'nbki',
      consentVersion: '1.0 от 01.03.2026',
      consentAcceptedAt: now,
      requestedAt: now,
      outcome: 'answered',
      requestXml: '<request/>',
    });
    await db.insert(orderSignatures).values({
      orderId,
      clientId: client.id,
      documents: [],
      codeHash: 'hmac-of-the-code',
      signedAt: now,
      ip: '10.0.0.2',
      phone: client.phone,
    });
  });
  afterAll(() => testApp.close());

  it.each(APPEND_ONLY_TABLES)('refuses to change a row of %s', async (table, column) => {
    const message = await databaseRefusal(
      testApp.ctx.db.execute(
        sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${sql.identifier(column)}`,
      ),
    );
    expect(message).toContain(`таблица ${table} только для добавления: UPDATE запрещён`);
  });

  it.each(TABLE_NAMES)('refuses to remove a row of %s', async (table) => {
    const message = await databaseRefusal(
      testApp.ctx.db.execute(sql`delete from ${sql.identifier(table)}`),
    );
    expect(message).toContain(`таблица ${table} только для добавления: DELETE запрещён`);
  });

  it.each(TABLE_NAMES)('refuses to empty %s', async (table) => {
    const message = await databaseRefusal(
      testApp.ctx.db.execute(sql`truncate ${sql.identifier(table)}`),
    );
    expect(message).toContain(`таблица ${table} только для добавления: TRUNCATE запрещён`);
  });

  it('keeps an order that has ledger entries: removing it would remove them', async () => {
    const message = await databaseRefusal(
      testApp.ctx.db.delete(loanOrders).where(eq(loanOrders.id, orderId)),
    );
    expect(message).toContain('только для добавления: DELETE запрещён');
    const entries = await testApp.ctx.db
      .select()
      .from(loanLedger)
      .where(eq(loanLedger.orderId, orderId));
    expect(entries.map((entry) => [entry.entryKey, entry.amount])).toEqual([
      ['payout', 1_000_000n],
    ]);
  });

  it('still takes new rows: a correction is a reversal entry', async () => {
    await testApp.ctx.db.insert(loanLedger).values({
      orderId,
      entryKey: 'reversal:payout',
      kind: 'reversal',
      amount: 1_000_000n,
      entryDate: '2026-11-27',
      reverses: 'payout',
      createdAt: testApp.clock.now(),
    });
    const entries = await testApp.ctx.db
      .select()
      .from(loanLedger)
      .where(eq(loanLedger.orderId, orderId));
    expect(entries).toHaveLength(2);
  });
});
