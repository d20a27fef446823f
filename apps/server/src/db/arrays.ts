import { sql, type SQL } from 'drizzle-orm';

/*
 * Many values as one parameter: a PostgreSQL array literal sent as text and cast by the statement.
 * A thousand ids or rows then cost one parameter each column, not one each value, and the
 * statement's text stays the same whatever the count.
 */

function quoted(value: string | number | bigint): string {
  return `"${String(value).replace(/[\\"]/g, '\\$&')}"`;
}

/** `values` as an array of `type` (a PostgreSQL type name such as bigint or text). */
export function arrayOf(values: readonly (string | number | bigint)[], type: string): SQL {
  return sql`${`{${values.map(quoted).join(',')}}`}::${sql.raw(type)}[]`;
}
