import { describe, expect, it } from 'vitest';
import { generateSmsCode, hashSmsCode } from './sms-codes';

describe('SMS code generation and hashing', () => {
  it('gives 6 digits, leading zeros included, spread over the whole range', () => {
    const codes = Array.from({ length: 5000 }, generateSmsCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(4900);
    const firstDigits = new Set(codes.map((code) => code[0]));
    expect(firstDigits.size).toBe(10);
  });

  it('binds the hash to secret, phone, purpose and subject', () => {
    const binding = { phone: '+79123456789', purpose: 'signin' as const };
    const hash = hashSmsCode('secret-a', binding, '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSmsCode('secret-a', binding, '123456')).toBe(hash);
    expect(hashSmsCode('secret-b', binding, '123456')).not.toBe(hash);
    expect(hashSmsCode('secret-a', { ...binding, phone: '+79123456780' }, '123456')).not.toBe(hash);
    expect(hashSmsCode('secret-a', { ...binding, purpose: 'signup' }, '123456')).not.toBe(hash);
    expect(hashSmsCode('secret-a', { ...binding, subject: 'order:1' }, '123456')).not.toBe(hash);
    expect(hashSmsCode('secret-a', binding, '123457')).not.toBe(hash);
  });
});
