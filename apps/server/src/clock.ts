/** The server's idea of "now". Services take it as a dependency so the sandbox can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** System time shifted by an offset that only grows; for the sandbox's time travel and tests. */
export class MovableClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: Clock = systemClock) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }

  advanceBy(milliseconds: number): void {
    if (milliseconds < 0) throw new RangeError('Время можно только переводить вперёд');
    this.offsetMs += milliseconds;
  }

  get offset(): number {
    return this.offsetMs;
  }
}

/** Where a shared clock keeps its offset (the sandbox.clock table; see sandbox/clock.ts). */
export interface ClockOffsetStore {
  read(): Promise<number>;
  /** Adds to the stored offset and returns the new one (atomic in the store). */
  add(milliseconds: number): Promise<number>;
}

/**
 * The sandbox clock: system time plus an offset every instance shares through the database. The
 * offset is read at start and again every `refreshMs` (a short cache), so a move made on one
 * instance reaches the others within seconds and survives restarts.
 */
export class SharedClock implements Clock {
  private offsetMs = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: ClockOffsetStore,
    private readonly refreshMs = 2_000,
    private readonly base: Clock = systemClock,
  ) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }

  get offset(): number {
    return this.offsetMs;
  }

  async refresh(): Promise<void> {
    this.offsetMs = Math.max(this.offsetMs, await this.store.read());
  }

  async advanceBy(milliseconds: number): Promise<void> {
    if (milliseconds < 0) throw new RangeError('Время можно только переводить вперёд');
    this.offsetMs = await this.store.add(milliseconds);
  }

  start(onError: (error: unknown) => void): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.refresh().catch(onError);
    }, this.refreshMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
