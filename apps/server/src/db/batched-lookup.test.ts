import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { batchedLookup } from './batched-lookup';

/** A lookup over `rows` that records the keys of every statement it was asked for. */
function recordingLookup(rows: Record<string, number>, maxKeys = 10) {
  const statements: string[][] = [];
  let failNext: Error | null = null;
  const lookup = batchedLookup<string, number>({
    maxKeys,
    fetch: async (keys) => {
      statements.push(keys);
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      return new Map(keys.flatMap((key) => (key in rows ? [[key, rows[key] ?? 0]] : [])));
    },
  });
  return { lookup, statements, failOnce: (error: Error) => (failNext = error) };
}

describe('batchedLookup', () => {
  it('sends the lookups of one turn as one statement, each key once, and answers each caller', async () => {
    const { lookup, statements } = recordingLookup({ a: 1, b: 2 });
    const answers = await Promise.all([lookup('a'), lookup('b'), lookup('a'), lookup('nobody')]);
    expect(answers).toEqual([1, 2, 1, undefined]);
    expect(statements).toEqual([['a', 'b', 'nobody']]);
  });

  it('sends nothing before the turn ends, and a lookup of the next turn in a statement of its own', async () => {
    const { lookup, statements } = recordingLookup({ a: 1, b: 2 });
    const first = lookup('a');
    expect(statements).toEqual([]);
    await nextTurn();
    expect(statements).toEqual([['a']]);
    const second = lookup('b');
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(statements).toEqual([['a'], ['b']]);
  });

  it('sends a batch at once when it reaches maxKeys, and opens the next one', async () => {
    const { lookup, statements } = recordingLookup({ a: 1, b: 2, c: 3, d: 4, e: 5 }, 2);
    const pending = ['a', 'a', 'b', 'c', 'd', 'e'].map((key) => lookup(key));
    expect(statements).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(await Promise.all(pending)).toEqual([1, 1, 2, 3, 4, 5]);
    expect(statements).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it("rejects every caller of a failed statement, and the next turn's lookups go on", async () => {
    const { lookup, statements, failOnce } = recordingLookup({ a: 1, b: 2 });
    failOnce(new Error('база недоступна'));
    const failed = await Promise.allSettled([lookup('a'), lookup('b'), lookup('a')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await lookup('b')).toBe(2);
    expect(statements).toEqual([['a', 'b'], ['b']]);
  });

  it('rejects the callers when fetch throws before it returns a promise', async () => {
    const lookup = batchedLookup<string, number>({
      maxKeys: 10,
      fetch: () => {
        throw new Error('неверный запрос');
      },
    });
    await expect(lookup('a')).rejects.toThrow('неверный запрос');
  });
});
