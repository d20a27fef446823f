import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  sandbox: z.boolean(),
  time: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/health/live: the process answers (a load balancer or systemd restarts it if not). */
export const liveResponseSchema = z.object({ status: z.literal('ok') });
export type LiveResponse = z.infer<typeof liveResponseSchema>;

/**
 * GET /api/health/ready: send it traffic. 200 only when the database answers, every migration of
 * this build is applied and the server is not shutting down; otherwise 503 with a Russian message.
 */
export const readyResponseSchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.number().int().nonnegative(),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
