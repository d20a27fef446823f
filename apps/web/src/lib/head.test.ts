import { describe, expect, it } from 'vitest';
import {
  composeTitle,
  installHeadManager,
  setBrandName,
  setOutcomeTitle,
  setPageTitle,
} from './head';

describe('head manager', () => {
  it('composes «screen — brand», or the brand alone', () => {
    expect(composeTitle('Вход', 'Займо')).toBe('Вход — Займо');
    expect(composeTitle(null, 'Займо')).toBe('Займо');
  });

  it('updates document.title when the screen or the brand changes', () => {
    installHeadManager('Займо');
    expect(document.title).toBe('Займо');

    setPageTitle('Вход');
    expect(document.title).toBe('Вход — Займо');

    setBrandName('Займо Плюс');
    expect(document.title).toBe('Вход — Займо Плюс');
    setPageTitle(null);
  });

  it('shows what a screen did over its route’s title, whichever is set first, until it leaves', () => {
    installHeadManager('Займо');
    setOutcomeTitle('Госуслуги связаны');
    setPageTitle('Вход через сервис');
    expect(document.title).toBe('Госуслуги связаны — Займо');

    setOutcomeTitle(null);
    expect(document.title).toBe('Вход через сервис — Займо');
    setPageTitle(null);
  });
});
