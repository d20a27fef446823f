import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { selectRows, type OpenDatabase } from '../../src/db';
import { knownMigrations, migrationStatus } from '../../src/db/migrations';
import { dropEmptyDatabases, emptyDatabase } from '../helpers/empty-database';

/*
 * The sandbox's state is in schema "sandbox", made by its own migrations only when SANDBOX is on.
 * Each case migrates an empty database of its own (PGlite in memory, or a new PostgreSQL database
 * in the PostgreSQL pass).
 */

afterAll(dropEmptyDatabases);

async function tables(database: OpenDatabase): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    database.db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') order by 1`,
  );
  return rows.map((row) => row.name);
}

async function schemas(database: OpenDatabase): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    database.db,
    sql`select schema_name as name from information_schema.schemata`,
  );
  return rows.map((row) => row.name);
}

const SANDBOX_TABLES = [
  'sandbox.b2p_operations',
  'sandbox.b2p_orders',
  'sandbox.b2p_tokens',
  'sandbox.bureau_events',
  'sandbox.clock',
  'sandbox.esia_codes',
];

/** The main migration that drops what an older build had in "public". */
const DROP_PUBLIC_SANDBOX = '0028_drop_public_sandbox';

describe('the sandbox schema', () => {
  it('is absent from a database migrated in production mode (SANDBOX off)', async () => {
    const database = await (await emptyDatabase()).open({ sandbox: false });
    try {
      const names = await tables(database);
      expect(names).toContain('public.loan_ledger');
      expect(names.filter((name) => /^sandbox\.|\.sandbox_/.test(name))).toEqual([]);
      expect(await schemas(database)).not.toContain('sandbox');
      expect(await migrationStatus(database.db)).toEqual({ known: knownMigrations(), pending: 0 });
    } finally {
      await database.close();
    }
  });

  it('holds the sandbox tables of a database migrated in sandbox mode, and "public" none', async () => {
    const database = await (await emptyDatabase()).open({ sandbox: true });
    try {
      const names = await tables(database);
      expect(names.filter((name) => name.startsWith('sandbox.'))).toEqual(SANDBOX_TABLES);
      expect(names.filter((name) => name.includes('.sandbox_'))).toEqual([]);
      expect(await migrationStatus(database.db, true)).toEqual({
        known: knownMigrations(true),
        pending: 0,
      });
    } finally {
      await database.close();
    }
  });

  it('takes an older sandbox database’s test cards and clock along into the schema', async () => {
    const empty = await emptyDatabase();
    await empty.migrateBefore(DROP_PUBLIC_SANDBOX);
    const older = await empty.open({ sandbox: false, migrate: false });
    await older.db.execute(
      sql`insert into sandbox_b2p_tokens (token, sector, pan_masked, expiry, behaviour, created_at)
          values ('tok-1', '7301', '400000******0002', '12/30', 'ok', now())`,
    );
    await older.db.execute(
      sql`insert into sandbox_b2p_orders (sector, amount, currency, description, state, created_at)
          values ('7301', 100, '643', 'Привязка карты', 'REGISTERED', now())`,
    );
    await older.db.execute(
      sql`insert into sandbox_clock (id, offset_ms, updated_at) values (1, 86400000, now())`,
    );
    await older.close();

    const database = await empty.open({ sandbox: true });
    try {
      const names = await tables(database);
      expect(names.filter((name) => name.startsWith('sandbox.'))).toEqual(SANDBOX_TABLES);
      expect(names.filter((name) => name.includes('.sandbox_'))).toEqual([]);
      const tokens = await selectRows<{ token: string }>(
        database.db,
        sql`select token from sandbox.b2p_tokens`,
      );
      expect(tokens).toEqual([{ token: 'tok-1' }]);
      const [clock] = await selectRows<{ offset_ms: string }>(
        database.db,
        sql`select offset_ms::text from sandbox.clock`,
      );
      expect(clock?.offset_ms).toBe('86400000');
      const [next] = await selectRows<{ id: string }>(
        database.db,
        sql`insert into sandbox.b2p_orders (sector, amount, currency, description, state, created_at)
            values ('7301', 100, '643', 'Оплата', 'REGISTERED', now()) returning id::text`,
      );
      expect(next?.id).toBe('500002');
    } finally {
      await database.close();
    }
  });
});
