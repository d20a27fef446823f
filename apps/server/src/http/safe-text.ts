import { hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from '@zaymo/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * The contract's safe-text schema guards every free-text field; this hook is the net under it:
 * any string anywhere in a JSON body, the query or the path that holds a NUL byte or a
 * lone surrogate answers 400 «Недопустимые символы» under its field, before any schema, service
 * or database sees it. PostgreSQL cannot store such text, so it would otherwise be a 500.
 */
export function registerSafeTextGuard(app: FastifyInstance): void {
  // A callback hook: it runs on every request and has nothing to wait for.
  app.addHook('preValidation', (request, reply, done) => {
    const fields: Record<string, string> = {};
    for (const part of [request.params, request.query, request.body]) collect(part, [], fields);
    done(
      Object.keys(fields).length > 0
        ? new AppError('VALIDATION', undefined, { fields })
        : undefined,
    );
  });
}

function collect(value: unknown, path: string[], fields: Record<string, string>): void {
  if (typeof value === 'string') {
    if (hasUnsafeCharacters(value)) fields[path.join('.') || 'body'] = UNSAFE_TEXT_MESSAGE;
    return;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  for (const [key, item] of Object.entries(value)) {
    const keyPath = [...path, hasUnsafeCharacters(key) ? '?' : key];
    if (hasUnsafeCharacters(key)) fields[keyPath.join('.')] = UNSAFE_TEXT_MESSAGE;
    collect(item, keyPath, fields);
  }
}
