import { API_ERRORS, isApiErrorCode } from '@zaymo/contract';
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
