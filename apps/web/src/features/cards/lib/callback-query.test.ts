import { describe, expect, it } from 'vitest';
import { readCallbackQuery } from './callback-query';

describe('readCallbackQuery', () => {
  it('keeps the whole query of a gateway return as it came', () => {
    const search = new URLSearchParams('id=1001&operation=2002&reference=bind-7&utm=x');
    expect(readCallbackQuery(search)).toEqual({
      id: '1001',
      operation: '2002',
      reference: 'bind-7',
      utm: 'x',
    });
  });

  it('accepts a failure return with the error code', () => {
    expect(readCallbackQuery(new URLSearchParams('id=1001&error=2'))).toEqual({
      id: '1001',
      error: '2',
    });
  });

  it('is null without an order id or with a malformed one', () => {
    expect(readCallbackQuery(new URLSearchParams(''))).toBeNull();
    expect(readCallbackQuery(new URLSearchParams('operation=5'))).toBeNull();
    expect(readCallbackQuery(new URLSearchParams('id=abc'))).toBeNull();
  });
});
