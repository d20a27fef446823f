import { describe, expect, it } from 'vitest';
import { detailsText } from './details';

describe('detailsText', () => {
  it('shows instants in Moscow time and days as ДД.ММ.ГГГГ, other values as they are', () => {
    expect(
      detailsText({
        expires_at: '2026-11-27T16:03:16.900Z',
        sent_at: '2026-11-27T23:30:00+00:00',
        until: '2026-12-31',
        login: 'ivanov',
        amount: '2026',
        note: 'до 2026-12-31',
      }),
    ).toBe(
      'expires_at: 27.11.2026 19:03:16; sent_at: 28.11.2026 02:30:00; until: 31.12.2026; ' +
        'login: ivanov; amount: 2026; note: до 2026-12-31',
    );
  });

  it('writes a dash when there is nothing', () => {
    expect(detailsText({})).toBe('—');
  });
});
