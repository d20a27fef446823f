import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors';
import type { RoutePlugin } from '../http/route-plugin';
import type { AppMetrics } from './metrics';

/**
 * GET /api/metrics behind METRICS_TOKEN (Authorization: Bearer …), for setups where Prometheus can
 * only reach the public port. A wrong or missing token answers 404, as if there were no route.
 */
export function metricsRoute(metrics: AppMetrics, token: string): RoutePlugin {
  const expected = Buffer.from(`Bearer ${token}`);
  const allowed = (header: string | undefined) => {
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return async (app) => {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!allowed(request.headers.authorization)) {
        throw new AppError('NOT_FOUND');
      }
      return reply
        .header('content-type', metrics.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.scrape());
    });
  };
}
