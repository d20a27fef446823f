import { describe, expect, it } from 'vitest';
import { formatPhone, normalizeRussianPhone } from './phone';

describe('normalizeRussianPhone', () => {
  it('brings every way of typing a mobile number to +7 and ten digits', () => {
    for (const typed of ['+7 (912) 345-67-89', '89123456789', '9123456789', '7 912 345 67 89'])
      expect(normalizeRussianPhone(typed)).toBe('+79123456789');
  });

  it('refuses what is not a Russian mobile number', () => {
    expect(normalizeRussianPhone('+74951234567')).toBeNull();
    expect(normalizeRussianPhone('12345')).toBeNull();
    expect(normalizeRussianPhone('+19123456789')).toBeNull();
  });
});

describe('formatPhone', () => {
  it('shows a stored number with the code in brackets and the digits in groups', () => {
    expect(formatPhone('+79123456789')).toBe('+7 (912) 345-67-89');
  });

  it('shows a number typed with 8 the same way', () => {
    expect(formatPhone('89001234567')).toBe('+7 (900) 123-45-67');
  });

  it('leaves what it cannot read as it is, so nothing is lost', () => {
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('')).toBe('');
  });
});
