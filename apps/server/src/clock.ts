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
