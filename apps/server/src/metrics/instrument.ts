import type { FastifyInstance } from 'fastify';
import type { Messaging } from '../integrations/messaging';
import { sendManySms } from '../integrations/sms/sms-sender';
import type { AppMetrics } from './metrics';

/** Requests that matched no route share one label: a scanner's random paths must not add series. */
const UNMATCHED_ROUTE = 'unmatched';

/** Latency of every answer by the route's template (/api/orders/:id/payout), never the raw URL. */
export function measureHttp(app: FastifyInstance, metrics: AppMetrics): void {
  // A callback hook: every answer runs it, and it has nothing to wait for.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** Counts each SMS and e-mail by outcome; a failure is counted and passed on unchanged. */
export function measureMessaging(messaging: Messaging, metrics: AppMetrics): Messaging {
  const counted =
    <T>(channel: 'sms' | 'email', provider: string, send: (m: T) => Promise<void>) =>
    async (message: T): Promise<void> => {
      try {
        await send(message);
        metrics.messagesSent.inc({ channel, provider, outcome: 'sent' });
      } catch (error) {
        metrics.messagesSent.inc({ channel, provider, outcome: 'failed' });
        throw error;
      }
    };
  const { sms, email } = messaging;
  return {
    sms: {
      name: sms.name,
      send: counted('sms', sms.name, (m) => sms.send(m)),
      async sendMany(messages) {
        const outcomes = await sendManySms(sms, messages);
        for (const outcome of outcomes) {
          const labels = { channel: 'sms', provider: sms.name };
          metrics.messagesSent.inc({ ...labels, outcome: outcome === null ? 'sent' : 'failed' });
        }
        return outcomes;
      },
    },
    email: { name: email.name, send: counted('email', email.name, (m) => email.send(m)) },
  };
}

/**
 * Times each call to the payment gateway. The operation is the last part of the path (Register,
 * Purchase, P2PCredit, Order…): a small fixed set, unlike the query.
 */
export function measureGatewayFetch(base: typeof fetch, metrics: AppMetrics): typeof fetch {
  return async (input, init) => {
    const operation = operationOf(input);
    const stop = metrics.gatewayDuration.startTimer({ operation });
    try {
      const response = await base(input, init);
      stop({ outcome: String(response.status) });
      return response;
    } catch (error) {
      stop({ outcome: 'error' });
      throw error;
    }
  };
}

function operationOf(input: Parameters<typeof fetch>[0]): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const last = new URL(url, 'http://gateway').pathname.split('/').filter(Boolean).pop();
  return last && /^[A-Za-z0-9_]{1,40}$/.test(last) ? last : 'other';
}
