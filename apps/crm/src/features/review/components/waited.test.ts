import { describe, expect, it } from 'vitest';
import { sentByText, waitedText } from './waited';

describe('the queue’s wording', () => {
  it('says how long an order has waited in minutes, hours and days', () => {
    expect(waitedText(30)).toBe('меньше минуты');
    expect(waitedText(5 * 60 + 59)).toBe('5 мин');
    expect(waitedText(2 * 3600 + 5 * 60)).toBe('2 ч 05 мин');
    expect(waitedText(3 * 86_400 + 4 * 3600 + 120)).toBe('3 дн. 4 ч');
  });

  it('names the rule or the sandbox identity that sent the order, and shows anything else as it is', () => {
    expect(sentByText('surname:Проверкина')).toBe('Песочница: фамилия «Проверкина»');
    expect(sentByText('rule:debt_load')).toBe(
      'Правило: высокая долговая нагрузка (платёж в серой зоне ПДН)',
    );
    expect(sentByText('bureau')).toBe('bureau');
  });
});
