/** Rows grouped by a key, each group in the rows' order (Map.groupBy, which Node 20 lacks). */
export function groupBy<T, K, V = T>(
  rows: Iterable<T>,
  keyOf: (row: T) => K,
  valueOf: (row: T) => V = (row) => row as unknown as V,
): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(valueOf(row));
    else groups.set(key, [valueOf(row)]);
  }
  return groups;
}
