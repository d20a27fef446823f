import { describe, expect, it } from 'vitest';
import { redactMessage } from './message-log';

describe('redactMessage: what staff may read of a sent message', () => {
  it('hides the one-time code of every SMS the lender sends', () => {
    expect(redactMessage('Займо: код 482913 для входа. Никому его не сообщайте.')).toBe(
      'Займо: код •••••• для входа. Никому его не сообщайте.',
    );
    expect(redactMessage('Ваш код: 1234')).toBe('Ваш код: ••••••');
  });

  it('hides the token of a sign-in or confirmation link, and keeps the rest of the link', () => {
    expect(
      redactMessage(
        'Войдите по ссылке https://lk.zaymo.test/login?token=SECRET123&x=1 за 15 минут',
      ),
    ).toBe('Войдите по ссылке https://lk.zaymo.test/login?token=•••&x=1 за 15 минут');
    expect(redactMessage('https://lk.zaymo.test/social/callback?code=abc-def')).toBe(
      'https://lk.zaymo.test/social/callback?code=•••',
    );
  });

  it('leaves a message without secrets as it is (amounts and dates stay)', () => {
    const text = 'Займо: платёж 12 400 ₽ по договору 2026-000123 получен 24.11.2026.';
    expect(redactMessage(text)).toBe(text);
  });
});
