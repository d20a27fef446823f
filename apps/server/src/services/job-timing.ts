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
