import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './index';
import type { Transaction } from './locks';

/*
 * Many rows as one parameter: the rows as JSON, read back by `jsonb_to_recordset` with their
 * column types. A batch's hundred rows bound value by value cost the job more than the statement
 * itself (a parameter and its checks each); this costs one JSON.stringify. Rows hold no bigint.
 */

/** Column names (the table's own, snake_case) and their PostgreSQL types, in order. */
export type JsonColumns = Readonly<Record<string, string>>;

function columnList(columns: JsonColumns): string {
  return Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
}

/** `jsonb_to_recordset(…) as alias(column type, …)`, for a FROM clause. */
export function jsonRows(rows: readonly object[], columns: JsonColumns, alias: string): SQL {
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${sql.raw(alias)}(${sql.raw(
    columnList(columns),
  )})`;
}

/** Inserts `rows` (keys named as the columns) in one statement with one parameter. */
export async function insertJsonRows(
  db: Database | Transaction,
  table: PgTable,
  rows: readonly object[],
  columns: JsonColumns,
): Promise<void> {
  if (rows.length === 0) return;
  const names = sql.raw(Object.keys(columns).join(', '));
  await db.execute(
    sql`insert into ${table} (${names}) select ${names} from ${jsonRows(rows, columns, 'row')}`,
  );
}
