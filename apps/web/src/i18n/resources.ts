import { accounts } from './ru/accounts';
import { common } from './ru/common';
import { layout } from './ru/layout';
import { periods } from './ru/periods';
import { popups } from './ru/popups';
import { routes } from './ru/routes';
import type { ru } from './ru';

export const DEFAULT_NAMESPACE = 'common';
export const LOCALE = 'ru';

/**
 * Namespaces of the shell and sign-in: bundled with the entry, ready at once. The rest load in
 * their own chunk with the first lazy screen or popup (lib/i18n.ts translationsLoaded), so the
 * first page does not carry the texts of screens it does not show.
 */
export const resources = {
  ru: { accounts, common, layout, periods, popups, routes },
} as const;

/** A namespace that is not bundled; i18n/later.ts must list each one. */
export type LaterNamespace = Exclude<keyof typeof ru, keyof (typeof resources)['ru']>;

/**
 * The home page's texts, in a chunk of their own that the home screen loads with its own chunk
 * when it is the page (app/screens.ts): sign-in, the other prerendered page, does not carry them.
 * The later chunk holds them too, for every other way to the home screen.
 */
export const SCREEN_NAMESPACES = {
  loans: async () => (await import('./ru/loans')).loans,
} satisfies Partial<Record<LaterNamespace, () => Promise<object>>>;

export type ScreenNamespace = keyof typeof SCREEN_NAMESPACES;

/** Every other namespace, in one chunk loaded on demand. */
export async function loadLaterNamespaces(): Promise<Record<LaterNamespace, object>> {
  return (await import('./later')).later;
}
