import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import type { RecurrencePeriod } from '@zaymo/contract';
import { ru } from '@/i18n/ru';
import { LOCALE, loadLaterNamespaces, resources } from '@/i18n/resources';
import { formatPeriod, translationsLoaded } from './i18n';

const COUNTS = [0, 1, 2, 5, 11, 21, 22] as const;

const EXPECTED: Record<RecurrencePeriod, string[]> = {
  Daily: ['0 дней', '1 день', '2 дня', '5 дней', '11 дней', '21 день', '22 дня'],
  Monthly: ['0 месяцев', '1 месяц', '2 месяца', '5 месяцев', '11 месяцев', '21 месяц', '22 месяца'],
  EveryWeek: [
    '0 недель',
    '1 неделя',
    '2 недели',
    '5 недель',
    '11 недель',
    '21 неделя',
    '22 недели',
  ],
  Every2Weeks: [
    '0 недель',
    '1 неделя',
    '2 недели',
    '5 недель',
    '11 недель',
    '21 неделя',
    '22 недели',
  ],
};

describe('formatPeriod (Russian plurals)', () => {
  for (const [period, labels] of Object.entries(EXPECTED) as [RecurrencePeriod, string[]][]) {
    it.each(COUNTS.map((count, index) => [count, labels[index]]))(
      `${period}: %i → %s`,
      (count, label) => {
        expect(formatPeriod(period, count)).toBe(label);
      },
    );
  }
});

describe('namespaces loaded after start-up', () => {
  it('bundles only the first screens’ namespaces, and the later chunk holds every other one', async () => {
    const later = await loadLaterNamespaces();
    const bundled = Object.keys(resources.ru);
    expect(bundled).not.toContain('tickets');
    expect(bundled).not.toContain('identity');
    expect([...bundled, ...Object.keys(later)].sort()).toEqual(Object.keys(ru).sort());
  });

  it('has every namespace’s texts once translationsLoaded resolves', async () => {
    await translationsLoaded();
    for (const namespace of Object.keys(ru)) {
      expect(i18next.hasResourceBundle(LOCALE, namespace)).toBe(true);
    }
    expect(i18next.t('tickets:size.bytes', { value: 5 })).not.toContain('size.bytes');
  });

  it('asks again for the later chunk after it failed to load', async () => {
    vi.resetModules();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({});
    vi.doMock('@/i18n/resources', async (original) => ({
      ...(await original<object>()),
      loadLaterNamespaces: load,
    }));
    try {
      const fresh = await import('./i18n');
      await expect(fresh.translationsLoaded()).rejects.toThrow('offline');
      await expect(fresh.translationsLoaded()).resolves.toBeUndefined();
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.doUnmock('@/i18n/resources');
    }
  });
});
