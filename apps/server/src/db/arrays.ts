import { sql, type SQL } from 'drizzle-orm';

/*
 * Many values as one parameter: a PostgreSQL array literal sent as text and cast by the statement.
 * A thousand ids or rows then cost one parameter each column, not one each value, and the
 * statement's text stays the same whatever the count.
 */

/** Numbers go as they print; text is quoted, its quotes and backslashes escaped. */
function element(value: string | number | bigint): string {
  if (typeof value !== 'string') return String(value);
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/** `values` as an array of `type` (a PostgreSQL type name such as bigint or text). */
export function arrayOf(values: readonly (string | number | bigint)[], type: string): SQL {
  return sql`${`{${values.map(element).join(',')}}`}::${sql.raw(type)}[]`;
}
