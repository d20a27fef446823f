/** Newest first by an ISO date or date-time; equal dates keep the higher id (later) first. */
export function newestFirst<T extends { id: number }>(
  items: readonly T[],
  dateOf: (item: T) => string,
): T[] {
  return [...items].sort((a, b) => {
    const byDate = dateOf(b).localeCompare(dateOf(a));
    return byDate !== 0 ? byDate : b.id - a.id;
  });
}
