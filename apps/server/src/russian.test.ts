import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone, pluralRu, waitPhrase } from './russian';

describe('Russian wording', () => {
  it.each([
    [1, 'секунду'],
    [2, 'секунды'],
    [5, 'секунд'],
    [11, 'секунд'],
    [21, 'секунду'],
    [44, 'секунды'],
    [112, 'секунд'],
  ])('%i %s', (count, word) => {
    expect(pluralRu(count, ['секунду', 'секунды', 'секунд'])).toBe(word);
  });

  it('says how long to wait in seconds or minutes', () => {
    expect(waitPhrase(41)).toBe('через 41 секунду');
    expect(waitPhrase(119)).toBe('через 119 секунд');
    expect(waitPhrase(121)).toBe('через 3 минуты');
    expect(waitPhrase(3600)).toBe('через 60 минут');
  });

  it('masks phones and e-mails', () => {
    expect(maskPhone('+79123456789')).toBe('+7 912 ***-**-89');
    expect(maskPhone('garbage')).toBe('***');
    expect(maskEmail('ivanov@mail.ru')).toBe('iv***@mail.ru');
    expect(maskEmail('a@ya.ru')).toBe('a***@ya.ru');
    expect(maskEmail('no-at-sign')).toBe('***');
  });
});
