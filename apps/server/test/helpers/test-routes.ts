import { errorResponses } from '@zaymo/contract';
import { DrizzleQueryError } from 'drizzle-orm';
import { z } from 'zod';
import { currentSession } from '../../src/http/auth';
import { AppError } from '../../src/errors';
import type { RoutePlugin } from '../../src/http/route-plugin';

const sessionSchema = z.object({
  sessionId: z.number(),
  clientId: z.number(),
  operatorName: z.string().nullable(),
});

export const echoBodySchema = z.object({
  name: z.string().min(2),
  age: z.number().int().min(18),
  email: z.email(),
  passport: z.object({ number: z.string().regex(/^\d{6}$/, 'Номер паспорта — 6 цифр') }),
});

/** A failure as node-postgres and drizzle report it: SQL, bound values, a detail with data. */
export const SECRET_QUERY_PARAM = 'secret-bound-value-7f3a';
export const SECRET_PG_DETAIL = 'Key (phone)=(+79990001122) already exists.';

function databaseFailure(): DrizzleQueryError {
  const cause = Object.assign(
    new Error('duplicate key value violates unique constraint "clients_phone_unique"'),
    { code: '23505', detail: SECRET_PG_DETAIL, constraint: 'clients_phone_unique' },
  );
  return new DrizzleQueryError(
    'insert into "clients" ("phone") values ($1)',
    [SECRET_QUERY_PARAM],
    cause,
  );
}

/** Routes mounted only in API tests, to exercise the plumbing that real routes rely on. */
export const testRoutes: RoutePlugin = async (app) => {
  app.get(
    '/test/whoami',
    {
      config: { auth: 'client' },
      schema: { response: { 200: sessionSchema, ...errorResponses(401) } },
    },
    (request) => currentSession(request),
  );
  app.post(
    '/test/sign',
    {
      config: { auth: 'client-not-operator' },
      schema: {
        response: { 200: z.object({ signed: z.literal(true) }), ...errorResponses(401, 403) },
      },
    },
    () => ({ signed: true as const }),
  );
  app.post(
    '/test/echo',
    {
      schema: { body: echoBodySchema, response: { 200: echoBodySchema, ...errorResponses(400) } },
    },
    (request) => request.body,
  );
  app.get('/test/explode', { schema: { response: errorResponses(500) } }, () => {
    throw databaseFailure();
  });
  app.get('/test/conflict', { schema: { response: errorResponses(409) } }, () => {
    throw new AppError('CARD_NOT_BOUND');
  });
  app.get('/test/too-many', { schema: { response: errorResponses(429) } }, () => {
    throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: 42 });
  });
};
