import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * No body of any call nests deeper than a handful of levels; a body nested thousands of levels
 * deep only serves to overflow the stack of whatever walks it next (the safe-text guard, a
 * schema, a serializer). It is refused while it is still text, before anything parses or walks
 * it.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x7b, 0x5b]); // { [
const CLOSERS = new Set([0x7d, 0x5d]); // } ]

/** True when the JSON text opens more than `max` objects or arrays inside one another. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index += 1;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (OPENERS.has(char)) {
      depth += 1;
      if (depth > max) return true;
    } else if (CLOSERS.has(char)) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused) behind the depth check, for every
 * route of the app: the cabinet, the console, the sandboxes.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError('JSON_TOO_DEEP', { max: MAX_JSON_DEPTH }), undefined);
      return;
    }
    // The default parser answers through done; its type also admits the promise-returning form.
    void parseJson(request, text, done);
  });
}
