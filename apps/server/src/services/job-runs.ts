/** One background job's run: how long it took and how many rows it took (loans, operations, messages). */
export interface JobTiming {
  readonly job: string;
  readonly seconds: number;
  readonly items: number;
}

export async function timed(job: string, work: () => Promise<number>): Promise<JobTiming> {
  const started = performance.now();
  const items = await work();
  return { job, seconds: (performance.now() - started) / 1000, items };
}

/**
 * Runs `work` on every item, `atOnce` at a time: for work that waits on an outside service (a
 * gateway, an SMS provider), not for work that computes.
 */
export async function forEachAtOnce<T>(
  items: readonly T[],
  atOnce: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}
