import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

const ORIGIN = 'https://lk.zaymo.ru';

describe('safeRedirectPath', () => {
  it.each([
    ['/loan', '/loan'],
    ['/profile/identity?step=2&utm=x#passport', '/profile/identity?step=2&utm=x#passport'],
    ['/cards/../documents', '/documents'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeRedirectPath(value, ORIGIN)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['loan'],
    ['https://evil.example/loan'],
    ['//evil.example/loan'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    [' /loan'],
    ['/signin?redirect=/loan'],
    ['/signup'],
  ])('refuses %s', (value) => {
    expect(safeRedirectPath(value, ORIGIN)).toBeNull();
  });
});
