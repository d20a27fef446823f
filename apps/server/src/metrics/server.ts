import { createServer, type Server } from 'node:http';
import type { AppMetrics } from './metrics';

/**
 * GET /metrics on a port of its own (METRICS_PORT), for Prometheus on the private network: the
 * public port behind nginx never shows it. Anything else answers 404.
 */
export async function startMetricsServer(
  metrics: AppMetrics,
  options: { port: number; host: string },
  onError: (error: unknown) => void,
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Метрики: GET /metrics\n');
      return;
    }
    metrics.scrape().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.contentType });
        response.end(text);
      },
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('Метрики недоступны\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
