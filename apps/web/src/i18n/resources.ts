import { accounts } from './ru/accounts';
import { common } from './ru/common';
import { layout } from './ru/layout';
import { loans } from './ru/loans';
import { periods } from './ru/periods';
import { popups } from './ru/popups';
import { routes } from './ru/routes';
import type { ru } from './ru';

export const DEFAULT_NAMESPACE = 'common';
export const LOCALE = 'ru';

/**
 * Namespaces of the shell, the home page and sign-in: bundled with the entry, ready at once.
 * The rest load in their own chunk with the first lazy screen or popup (lib/i18n.ts
 * translationsLoaded), so the first page does not carry the texts of screens it does not show.
 */
export const resources = {
  ru: { accounts, common, layout, loans, periods, popups, routes },
} as const;

/** A namespace that is not bundled; i18n/later.ts must list each one. */
export type LaterNamespace = Exclude<keyof typeof ru, keyof (typeof resources)['ru']>;

/** Every other namespace, in one chunk loaded on demand. */
export async function loadLaterNamespaces(): Promise<Record<LaterNamespace, object>> {
  return (await import('./later')).later;
}
