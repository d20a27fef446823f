import type { AppMetrics } from './metrics/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's shutdown state (readiness answers 503 once it is shutting down). */
    lifecycle: Lifecycle;
    metrics: AppMetrics;
  }
}

/**
 * Where the process is in its life, for readiness and for background work: after SIGTERM it is
 * `draining` (readiness answers 503 so load balancers move away, requests are still served),
 * then the HTTP server closes (in-flight requests finish) and background jobs stop.
 */
export class Lifecycle {
  private draining = false;
  private readonly listeners = new Set<() => void>();

  get shuttingDown(): boolean {
    return this.draining;
  }

  /** Idempotent: a second SIGTERM does not start a second drain. */
  beginShutdown(): void {
    if (this.draining) return;
    this.draining = true;
    for (const listener of this.listeners) listener();
  }

  onShutdown(listener: () => void): void {
    this.listeners.add(listener);
  }
}
