import { apiErrorMessage } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import { bearerToken, requireNotOperator } from './auth';
import { AppError } from '../errors';

describe('bearerToken', () => {
  const token = 'q8Xb3nC0h4-_mV7TzK1pR9sYw2eLd5uAaFgHjNkBo6i';

  it('reads the token of a Bearer header, whatever the scheme case', () => {
    expect(bearerToken(`Bearer ${token}`)).toBe(token);
    expect(bearerToken(`bearer ${token}`)).toBe(token);
  });

  it.each([
    undefined,
    '',
    'Bearer',
    'Bearer ',
    `Basic ${token}`,
    `Bearer ${token} extra`,
    'Bearer short',
    `Bearer ${'a'.repeat(201)}`,
    'Bearer abc$%^&*()abcdefghijklmnop',
  ])('rejects %j', (header) => {
    expect(bearerToken(header)).toBeNull();
  });
});

describe('requireNotOperator', () => {
  it('lets the client act in person', () => {
    expect(() =>
      requireNotOperator({ sessionId: 1, clientId: 2, operatorName: null }),
    ).not.toThrow();
  });

  it('refuses an operator with 403 and the Russian reason', () => {
    const attempt = () =>
      requireNotOperator({ sessionId: 1, clientId: 2, operatorName: 'Петрова' });
    expect(attempt).toThrow(AppError);
    expect(attempt).toThrow(apiErrorMessage('OPERATOR_FORBIDDEN', { action: 'money' }));
    try {
      attempt();
    } catch (error) {
      expect((error as AppError).status).toBe(403);
    }
  });
});
