import {
  API_ERRORS,
  apiErrorMessage,
  isApiErrorCode,
  type ApiErrorCode,
  type ApiErrorParams,
} from '@zaymo/contract';
import { expect } from 'vitest';

/**
 * An error answer as `{ status, body }` without its `code`, after checking that the code is a
 * known one and names the answer's status (the code is what clients branch on).
 */
export function refusal(response: { statusCode: number; json: () => unknown }) {
  const { code, ...body } = response.json() as { code?: unknown };
  const status = isApiErrorCode(code) ? API_ERRORS[code].status : undefined;
  expect(status, `code ${String(code)} of a ${response.statusCode} answer`).toBe(
    response.statusCode,
  );
  return { status: response.statusCode, body };
}

/**
 * The answer is the refusal `code`, with the status and the text of the contract's table (the
 * values of a text that has some filled in).
 */
export function expectRefusal<C extends ApiErrorCode>(
  response: { statusCode: number; json: () => unknown },
  code: C,
  ...params: [ApiErrorParams<C>] extends [never] ? [] : [ApiErrorParams<C>]
): void {
  expect(response.json()).toMatchObject({ code, message: apiErrorMessage(code, ...params) });
  expect(response.statusCode).toBe(API_ERRORS[code].status);
}

/** The database's own words under drizzle's wrapper (PGlite and node-postgres alike). */
export async function databaseRefusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const messages: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause) {
      messages.push(current.message);
    }
    return messages.join(' | ');
  }
  throw new Error('the statement was not refused');
}
