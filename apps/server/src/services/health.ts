import { sql } from 'drizzle-orm';
import type { HealthResponse } from '@zaymo/contract';
import type { AppContext } from '../context';
import { AppError } from '../errors';

/** Answers only when the database answers, so a load balancer stops sending to a broken node. */
export async function checkHealth(ctx: AppContext): Promise<HealthResponse> {
  try {
    await ctx.db.execute(sql`select 1`);
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', { cause: error });
  }
  return {
    status: 'ok',
    database: ctx.dbKind,
    sandbox: ctx.config.sandbox,
    time: ctx.clock.now().toISOString(),
  };
}
