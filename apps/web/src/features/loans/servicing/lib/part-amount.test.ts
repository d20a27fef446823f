import { describe, expect, it } from 'vitest';
import { kopecks, roubles } from '@zaymo/contract';
import { checkPartAmount } from './part-amount';
import { birthDateToIso } from './birth-date';
import { newestFirst } from './history';
import { PaymentAttempt } from './payment-attempt';

const TOTAL = kopecks(1_080_000n);

describe('part payment amount', () => {
  it('accepts money from 1 ₽ up to the total, without floats', () => {
    expect(checkPartAmount('1', TOTAL)).toEqual({ ok: true, amount: roubles(1) });
    expect(checkPartAmount('1 500,50', TOTAL)).toEqual({ ok: true, amount: kopecks(150_050n) });
    expect(checkPartAmount('10800.00', TOTAL)).toEqual({ ok: true, amount: TOTAL });
    expect(checkPartAmount('0.1', TOTAL)).toEqual({ ok: false, error: 'min' });
  });

  it('refuses empty, malformed, too small and too large sums', () => {
    expect(checkPartAmount('  ', TOTAL)).toEqual({ ok: false, error: 'required' });
    expect(checkPartAmount('12,345', TOTAL)).toEqual({ ok: false, error: 'format' });
    expect(checkPartAmount('abc', TOTAL)).toEqual({ ok: false, error: 'format' });
    expect(checkPartAmount('0,99', TOTAL)).toEqual({ ok: false, error: 'min' });
    expect(checkPartAmount('-5', TOTAL)).toEqual({ ok: false, error: 'min' });
    expect(checkPartAmount('10800.01', TOTAL)).toEqual({ ok: false, error: 'max' });
  });
});

describe('birth date', () => {
  it('turns a masked date into the wire format, refusing impossible dates', () => {
    expect(birthDateToIso('31.12.1990')).toBe('1990-12-31');
    expect(birthDateToIso('31121990')).toBe('1990-12-31');
    expect(birthDateToIso('31.02.1990')).toBeNull();
    expect(birthDateToIso('1990-12-31')).toBeNull();
    expect(birthDateToIso('__.__.____')).toBeNull();
    expect(birthDateToIso('31.12.19905')).toBeNull();
  });
});

describe('history order', () => {
  it('puts the newest first, the later id first on the same date', () => {
    const items = [
      { id: 1, date: '2026-11-01' },
      { id: 3, date: '2026-11-20' },
      { id: 2, date: '2026-11-20' },
    ];
    expect(newestFirst(items, (item) => item.date).map((item) => item.id)).toEqual([3, 2, 1]);
  });
});

describe('payment attempt', () => {
  it('keeps the key for the same request until the attempt ends', () => {
    const attempt = new PaymentAttempt();
    expect(attempt.keyFor({ amount: 150n })).toBe(attempt.keyFor({ amount: 150n }));
    const first = attempt.keyFor({ type: 'full' });
    expect(attempt.keyFor({ type: 'full' })).toBe(first);
    expect(attempt.keyFor({ type: 'part' })).not.toBe(first);
    const second = attempt.keyFor({ type: 'part' });
    attempt.end();
    expect(attempt.keyFor({ type: 'part' })).not.toBe(second);
  });
});
