/**
 * Lookups by key that arrive in one turn of the event loop, sent as one statement.
 *
 * Every signed-in request looks its session up. Under load many requests are read from their
 * sockets in the same turn, and one round trip to the database each costs more than the
 * statement itself: a write to the database's socket, waking its backend, a read of the answer
 * (about half the server's CPU per request on a 2-core VM). The lookups of one turn go
 * together to `fetch`, one statement for all their keys, when the turn's I/O callbacks are done
 * (`setImmediate`), and each caller gets its own row. Alone, a lookup waits for nothing but the
 * end of its own turn; it is never held for a timer.
 *
 * Nothing is cached: every lookup is answered by a statement sent after it was asked.
 */
export interface BatchedLookupOptions<Key, Row> {
  /** One statement for all the keys (each at most once); rows by key, a missing key has none. */
  fetch: (keys: Key[]) => Promise<Map<Key, Row>>;
  /** A batch that reaches this many distinct keys goes at once; the next lookups open another. */
  maxKeys: number;
}

interface Waiter<Row> {
  resolve: (row: Row | undefined) => void;
  reject: (error: unknown) => void;
}

export function batchedLookup<Key, Row>(
  options: BatchedLookupOptions<Key, Row>,
): (key: Key) => Promise<Row | undefined> {
  let open: Map<Key, Waiter<Row>[]> | null = null;

  function send(batch: Map<Key, Waiter<Row>[]>): void {
    if (open === batch) open = null;
    void settle(batch);
  }

  async function settle(batch: Map<Key, Waiter<Row>[]>): Promise<void> {
    let rows: Map<Key, Row>;
    try {
      rows = await options.fetch([...batch.keys()]);
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      return;
    }
    for (const [key, waiters] of batch) {
      const row = rows.get(key);
      for (const waiter of waiters) waiter.resolve(row);
    }
  }

  return (key) =>
    new Promise<Row | undefined>((resolve, reject) => {
      let batch = open;
      if (!batch) {
        const opened = new Map<Key, Waiter<Row>[]>();
        open = batch = opened;
        setImmediate(() => {
          if (open === opened) send(opened);
        });
      }
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
      if (batch.size >= options.maxKeys) send(batch);
    });
}
