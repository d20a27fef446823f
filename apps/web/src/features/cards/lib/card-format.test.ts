import { describe, expect, it } from 'vitest';
import { groupedMaskedNumber, lastFour } from './card-format';

describe('card number display', () => {
  it('groups a 16-digit masked number like a printed card', () => {
    expect(groupedMaskedNumber('220000******0004')).toBe('2200 00•• •••• 0004');
  });

  it('keeps the last four apart for longer numbers', () => {
    expect(groupedMaskedNumber('220000*********0004')).toBe('2200 00•• •••• ••• 0004');
  });

  it('takes the last four digits', () => {
    expect(lastFour('411111******1111')).toBe('1111');
  });
});
