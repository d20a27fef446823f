import { describe, expect, it } from 'vitest';
import {
  createClientRequestSchema,
  emailSchema,
  passwordSchema,
  phoneSchema,
  smsCodeSchema,
} from './accounts';
import { normalizeRussianPhone } from '../phone';

describe('normalizeRussianPhone', () => {
  it.each([
    ['+7 (912) 345-67-89', '+79123456789'],
    ['89123456789', '+79123456789'],
    ['79123456789', '+79123456789'],
    ['9123456789', '+79123456789'],
  ])('normalises %s', (input, expected) => {
    expect(normalizeRussianPhone(input)).toBe(expected);
  });

  it.each(['', '+7 (495) 123-45-67', '12345', '+1 912 345 67 89', '+7912345678', '891234567890'])(
    'rejects %s',
    (input) => {
      expect(normalizeRussianPhone(input)).toBeNull();
    },
  );
});

describe('field schemas give Russian messages', () => {
  it('phone', () => {
    const result = phoneSchema.safeParse('+7 495 123 45 67');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Укажите российский мобильный номер: +7 9XX XXX-XX-XX',
    );
  });

  it('code', () => {
    expect(smsCodeSchema.safeParse('12345').error?.issues[0]?.message).toBe('Код из SMS — 6 цифр');
    expect(smsCodeSchema.safeParse('123456').success).toBe(true);
  });

  it('password', () => {
    expect(passwordSchema.safeParse('short').error?.issues[0]?.message).toBe(
      'Пароль — не короче 8 символов',
    );
  });

  it('email', () => {
    expect(emailSchema.safeParse('ivanov@').error?.issues[0]?.message).toBe(
      'Проверьте e-mail: например, ivanov@mail.ru',
    );
    expect(emailSchema.parse('  ivanov@mail.ru ')).toBe('ivanov@mail.ru');
  });

  it('a missing field names itself in Russian', () => {
    const result = createClientRequestSchema.safeParse({ code: '123456', consents: [] });
    expect(result.error?.issues[0]?.message).toBe('Укажите номер телефона');
  });
});
