import { describe, expect, it } from 'vitest';
import {
  loadPasswordEstimator,
  PASSWORD_MIN_SCORE,
  passwordStrength,
  passwordUserInputs,
} from './password-strength';

describe('password strength (one rule for the server and the web)', () => {
  const inputs = passwordUserInputs(['+79123456789', 'Анна', 'Смирнова', 'Займо']);

  it.each(['        ', 'aaaaaaaa', 'zaymo123', 'Займо2024', 'qwerty123', 'anna1990', '9123456789'])(
    'refuses %j with a Russian reason',
    async (password) => {
      const strength = passwordStrength(await loadPasswordEstimator(), password, inputs);
      expect(strength.score).toBeLessThan(PASSWORD_MIN_SCORE);
      expect(strength.problem).toMatch(/^Пароль слишком простой/);
      expect(strength.problem).toMatch(/[а-яё]/i);
    },
  );

  it.each(['Зелёный-чайник-42', 'Новый-пароль-2026', 'кот ест рыбу по вторникам'])(
    'accepts %j',
    async (password) => {
      const strength = passwordStrength(await loadPasswordEstimator(), password, inputs);
      expect(strength).toMatchObject({ problem: null });
    },
  );

  it('counts the brand in Latin letters and the phone without +7 as the client’s words', () => {
    expect(inputs).toEqual(expect.arrayContaining(['займо', 'zaymo', 'smirnova', '9123456789']));
  });
});
