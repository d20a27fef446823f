import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Database } from '../../src/db';
import { migrationJournal } from '../../src/db/migrations';
import { crmAudit, loanLedger, sentMessages } from '../../src/db/schema';
import { migrationsFolder } from '../../src/paths';
import { ServicingJobs } from '../../src/services/servicing/jobs';
import { dropEmptyDatabases, emptyDatabase } from '../helpers/empty-database';
import { createClient } from '../helpers/factories';
import { databaseRefusal } from '../helpers/refusal';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { insertOrder } from './orders-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Months the migrated snapshot has no partition of: only the server's own job makes them. */
const START = new Date('2027-06-15T09:00:00Z');

async function partitionsOf(db: Database, table: string): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select child.relname as name from pg_inherits
        join pg_class child on child.oid = pg_inherits.inhrelid
        where pg_inherits.inhparent = ${table}::regclass order by 1`,
  );
  return rows.map((row) => row.name);
}

async function partitionOfAuditRow(db: Database, id: number): Promise<string | undefined> {
  const [row] = await selectRows<{ partition: string }>(
    db,
    sql`select tableoid::regclass::text as partition from crm_audit where id = ${id}`,
  );
  return row?.partition;
}

async function auditAt(db: Database, at: string): Promise<number> {
  const [row] = await db
    .insert(crmAudit)
    .values({ action: 'signed_in', ip: '10.0.0.1', createdAt: new Date(at) })
    .returning({ id: crmAudit.id });
  if (!row) throw new Error('no audit row');
  return row.id;
}

describe('month partitions of the logs', () => {
  let testApp: TestApp;
  let jobs: ServicingJobs;

  beforeAll(async () => {
    testApp = await createTestApp({ startAt: START });
    jobs = new ServicingJobs(testApp.ctx, null, testApp.app.log);
  });
  afterAll(async () => {
    await testApp.close();
    await dropEmptyDatabases();
  });

  it('has this Moscow month and the next three made at start-up, for each log', async () => {
    for (const table of ['crm_audit', 'sent_messages']) {
      const made = await partitionsOf(testApp.ctx.db, table);
      expect(made).toEqual(
        expect.arrayContaining([
          `${table}_2027_06`,
          `${table}_2027_07`,
          `${table}_2027_08`,
          `${table}_2027_09`,
          `${table}_default`,
        ]),
      );
      expect(made).not.toContain(`${table}_2027_10`);
    }
  });

  it('puts a row in the partition of its Moscow month', async () => {
    const db = testApp.ctx.db;
    expect(await partitionOfAuditRow(db, await auditAt(db, '2027-06-30T20:59:59Z'))).toBe(
      'crm_audit_2027_06',
    );
    expect(await partitionOfAuditRow(db, await auditAt(db, '2027-06-30T21:00:00Z'))).toBe(
      'crm_audit_2027_07',
    );
    const [message] = await db
      .insert(sentMessages)
      .values({
        channel: 'sms',
        recipient: '+79990000001',
        text: 'Напоминание',
        provider: 'outbox',
        sentAt: testApp.clock.now(),
      })
      .returning({ id: sentMessages.id });
    const [row] = await selectRows<{ partition: string }>(
      db,
      sql`select tableoid::regclass::text as partition from sent_messages where id = ${message?.id}`,
    );
    expect(row?.partition).toBe('sent_messages_2027_06');
  });

  it('makes the coming months when the job runs on the clock moved forward', async () => {
    testApp.clock.advanceBy(61 * DAY_MS);
    expect(await partitionsOf(testApp.ctx.db, 'crm_audit')).not.toContain('crm_audit_2027_11');
    await jobs.tick();
    for (const table of ['crm_audit', 'sent_messages']) {
      expect(await partitionsOf(testApp.ctx.db, table)).toEqual(
        expect.arrayContaining([
          `${table}_2027_08`,
          `${table}_2027_09`,
          `${table}_2027_10`,
          `${table}_2027_11`,
        ]),
      );
    }
  });

  it('refuses changes to the audit log in a partition the job made, naming the log', async () => {
    const db = testApp.ctx.db;
    const id = await auditAt(db, '2027-11-02T10:00:00Z');
    expect(await partitionOfAuditRow(db, id)).toBe('crm_audit_2027_11');
    const tried = [
      [sql`update crm_audit_2027_11 set action = 'changed'`, 'UPDATE'],
      [sql`delete from crm_audit_2027_11`, 'DELETE'],
      [sql`truncate crm_audit_2027_11`, 'TRUNCATE'],
      [sql`update crm_audit set action = 'changed' where id = ${id}`, 'UPDATE'],
      [sql`truncate crm_audit_default`, 'TRUNCATE'],
    ] as const;
    for (const [statement, operation] of tried) {
      expect(await databaseRefusal(db.execute(statement))).toContain(
        `таблица crm_audit только для добавления: ${operation} запрещён`,
      );
    }
    expect(await partitionOfAuditRow(db, id)).toBe('crm_audit_2027_11');
  });

  it('leaves a month whose rows already went to DEFAULT there, warns, and makes the rest', async () => {
    const db = testApp.ctx.db;
    const early = await auditAt(db, '2028-01-10T10:00:00Z');
    expect(await partitionOfAuditRow(db, early)).toBe('crm_audit_default');
    testApp.clock.advanceBy(61 * DAY_MS);
    await jobs.tick();
    const made = await partitionsOf(db, 'crm_audit');
    expect(made).toContain('crm_audit_2027_12');
    expect(made).not.toContain('crm_audit_2028_01');
    expect(await partitionsOf(db, 'sent_messages')).toContain('sent_messages_2028_01');
    expect(await partitionOfAuditRow(db, early)).toBe('crm_audit_default');
    const warnings = (await testApp.logs.settled())
      .entries()
      .filter((line) => line.table === 'crm_audit' && line.month === '2028-01');
    expect(warnings).not.toEqual([]);
  });

  it('keeps the ledger whole: a duplicate entry a month later is still refused', async () => {
    const db = testApp.ctx.db;
    const [kind] = await selectRows<{ kind: string }>(
      db,
      sql`select relkind::text as kind from pg_class where oid = 'loan_ledger'::regclass`,
    );
    expect(kind?.kind).toBe('r');
    const client = await createClient(testApp);
    const order = await insertOrder(testApp, client.id, { statusId: 6 });
    const entry = {
      orderId: order.id,
      entryKey: 'interest:2027-06-30',
      kind: 'interest' as const,
      amount: 1_000n,
      entryDate: '2027-06-30',
    };
    const booked = await db
      .insert(loanLedger)
      .values({ ...entry, createdAt: new Date('2027-06-30T20:59:00Z') })
      .onConflictDoNothing()
      .returning({ id: loanLedger.id });
    const again = await db
      .insert(loanLedger)
      .values({ ...entry, createdAt: new Date('2027-07-01T09:00:00Z') })
      .onConflictDoNothing()
      .returning({ id: loanLedger.id });
    expect([booked.length, again.length]).toEqual([1, 0]);
  });

  // Migrates an empty in-memory database twice: a minute or more on a busy 2-core machine.
  it(
    'moves the rows of an older database into their months and goes on with their ids',
    {
      timeout: 240_000,
    },
    async () => {
      const tag = migrationJournal(migrationsFolder()).entries.find((entry) =>
        entry.tag.endsWith('_month_partitions'),
      )?.tag;
      expect(tag).toBeDefined();
      const empty = await emptyDatabase();
      await empty.migrateBefore(tag ?? '');
      const older = await empty.open({ sandbox: false, migrate: false });
      await older.db.execute(
        sql`insert into crm_audit (action, ip, details, created_at) values
          ('signed_in', '10.0.0.1', '{"a":"1"}', '2025-03-10T12:00:00Z'),
          ('client_viewed', '10.0.0.2', '{}', '2025-05-31T21:30:00Z')`,
      );
      await older.db.execute(
        sql`insert into sent_messages (channel, recipient, text, provider, sent_at) values
          ('sms', '+79990000002', 'Код отправлен', 'smsru', '2025-04-01T08:00:00Z')`,
      );
      await older.close();

      const database = await empty.open({ sandbox: false });
      try {
        const audit = await selectRows<{ id: string; action: string; partition: string }>(
          database.db,
          sql`select id::text, action, tableoid::regclass::text as partition
            from crm_audit order by id`,
        );
        expect(audit).toEqual([
          { id: '1', action: 'signed_in', partition: 'crm_audit_2025_03' },
          { id: '2', action: 'client_viewed', partition: 'crm_audit_2025_06' },
        ]);
        const messages = await selectRows<{ text: string; partition: string }>(
          database.db,
          sql`select text, tableoid::regclass::text as partition from sent_messages`,
        );
        expect(messages).toEqual([{ text: 'Код отправлен', partition: 'sent_messages_2025_04' }]);
        const [next] = await database.db
          .insert(crmAudit)
          .values({ action: 'signed_in', ip: '10.0.0.3', createdAt: new Date() })
          .returning({ id: crmAudit.id });
        expect(next?.id).toBe(3);
        expect(
          await databaseRefusal(database.db.execute(sql`delete from crm_audit_2025_03`)),
        ).toContain('таблица crm_audit только для добавления: DELETE запрещён');
      } finally {
        await database.close();
      }
    },
  );
});
