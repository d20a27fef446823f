import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { replicaReads, walPosition, WAL_POSITION, type ReadRunner } from '../db/replica';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes data (a payment's status call settles it): read-your-writes as after a POST. */
    writes?: boolean;
  }
}

/*
 * Read-your-writes with a replica (db/replica.ts): every successful request that may have
 * written (not GET, HEAD or OPTIONS, or a route marked `writes`) answers with a cookie holding the primary's WAL position
 * after it; the reads that may lag run on a replica only once it has replayed that far. The
 * browser keeps the cookie for the cabinet and the console alike, so whichever instance serves
 * the next read, the client sees what they just did. Nothing is stored on the server.
 */

const COOKIE = 'zaymo_read_after';
/** Far longer than a healthy replica's lag; after that a read takes any replica. */
const COOKIE_SECONDS = 300;
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Only with a replica configured: without one every read is on the primary anyway. */
export function registerReadAfterWrite(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.replica) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const writes = !READ_ONLY_METHODS.has(request.method) || request.routeOptions.config.writes;
    if (!writes || reply.statusCode >= 300) return payload;
    try {
      const position = await walPosition(ctx.db);
      const secure = request.protocol === 'https' ? '; Secure' : '';
      void reply.header(
        'set-cookie',
        `${COOKIE}=${position}; Path=/; Max-Age=${COOKIE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
      );
    } catch (error) {
      // The write is done; without the cookie the next read may only look a moment older.
      request.log.warn({ err: error }, 'WAL position for read-your-writes not read');
    }
    return payload;
  });
}

/** The reads of this request that may lag: on a replica that has what this caller wrote. */
export function readsFor(request: FastifyRequest, ctx: AppContext): ReadRunner {
  return replicaReads(ctx.db, ctx.replica, writtenUpTo(request.headers.cookie));
}

function writtenUpTo(cookieHeader: string | undefined): string | null {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, value] = part.trim().split('=');
    if (name === COOKIE && value && WAL_POSITION.test(value)) return value;
  }
  return null;
}
