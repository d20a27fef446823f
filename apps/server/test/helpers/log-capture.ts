import type { DestinationStream } from 'pino';

/** Collects the app's log lines in memory so a test can read what would have been logged. */
export class LogCapture implements DestinationStream {
  readonly lines: string[] = [];

  write(line: string): void {
    this.lines.push(line);
  }

  text(): string {
    return this.lines.join('');
  }

  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** Fastify logs "request completed" after inject() resolves; let that line land first. */
  async settled(): Promise<this> {
    await new Promise((resolve) => setImmediate(resolve));
    return this;
  }
}
