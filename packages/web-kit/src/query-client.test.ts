import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-error';
import { shouldRetry } from './query-client';

describe('query client retry policy', () => {
  it('never retries a 4xx answer', () => {
    expect(shouldRetry(0, new ApiError(404, { message: 'Нет' }))).toBe(false);
    expect(shouldRetry(0, new ApiError(422, null))).toBe(false);
  });

  it('retries server and network failures twice', () => {
    expect(shouldRetry(0, new ApiError(503, null))).toBe(true);
    expect(shouldRetry(1, new NetworkError('offline'))).toBe(true);
    expect(shouldRetry(2, new NetworkError('offline'))).toBe(false);
  });
});
