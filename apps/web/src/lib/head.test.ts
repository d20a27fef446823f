import { describe, expect, it } from 'vitest';
import { composeTitle, installHeadManager, setBrandName, setPageTitle } from './head';

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
});
