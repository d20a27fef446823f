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
    const fields = unsafeFields([request.params, request.query, request.body]);
    done(Object.keys(fields).length > 0 ? new AppError('VALIDATION', { fields }) : undefined);
  });
}

/** A value still to look at, and where it sits: its key and its parent's place. */
interface Place {
  value: unknown;
  key: string | null;
  parent: Place | null;
}

/**
 * The dotted paths of the unsafe strings (and keys) in `parts`. A loop over a stack of its own,
 * not recursion, and a path spelled out only for what is unsafe: however deep a value nests, the
 * walk neither overflows the call stack nor slows down (JSON bodies are refused past
 * MAX_JSON_DEPTH before this, but a walker must not rely on its callers).
 */
export function unsafeFields(parts: readonly unknown[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const pending: Place[] = parts.map((value) => ({ value, key: null, parent: null }));
  for (let place = pending.pop(); place !== undefined; place = pending.pop()) {
    const { value } = place;
    if (typeof value === 'string') {
      if (hasUnsafeCharacters(value)) fields[pathOf(place) || 'body'] = UNSAFE_TEXT_MESSAGE;
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    for (const [key, item] of Object.entries(value)) {
      const unsafeKey = hasUnsafeCharacters(key);
      const child: Place = { value: item, key: unsafeKey ? '?' : key, parent: place };
      if (unsafeKey) fields[pathOf(child)] = UNSAFE_TEXT_MESSAGE;
      pending.push(child);
    }
  }
  return fields;
}

function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let at: Place | null = place; at !== null; at = at.parent) {
    if (at.key !== null) keys.push(at.key);
  }
  return keys.reverse().join('.');
}
