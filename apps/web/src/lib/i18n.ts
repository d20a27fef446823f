import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { RecurrencePeriod } from '@zaymo/contract';
import {
  DEFAULT_NAMESPACE,
  LOCALE,
  loadLaterNamespaces,
  resources,
  SCREEN_NAMESPACES,
  type ScreenNamespace,
} from '@/i18n/resources';

let laterNamespaces: Promise<void> | null = null;

/**
 * Start-up step: i18next with the bundled Russian resources of the first screens, ready
 * synchronously. The other namespaces load with the first screen or popup that is not bundled
 * (translationsLoaded, lib/lazy.ts), not at start-up: the first page neither loads nor evaluates
 * texts it does not show.
 */
export function installTranslations(): typeof i18next {
  if (i18next.isInitialized) return i18next;
  void i18next.use(initReactI18next).init({
    lng: LOCALE,
    fallbackLng: LOCALE,
    supportedLngs: [LOCALE],
    defaultNS: DEFAULT_NAMESPACE,
    ns: Object.keys(resources.ru),
    // A copy: i18next adds the later namespaces into the object it is given.
    resources: { [LOCALE]: { ...resources.ru } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18next;
}

/**
 * Loads the later namespaces (once) and resolves when every namespace is in i18next. Lazy
 * screens and popups wait for it before they render (lib/lazy.ts), so their texts, also those
 * read outside React, are never missing. A failure is not final: the next call asks again.
 */
export function translationsLoaded(): Promise<void> {
  laterNamespaces ??= loadLaterNamespaces().then(
    (later) => {
      for (const [namespace, texts] of Object.entries(later))
        i18next.addResourceBundle(LOCALE, namespace, texts);
    },
    (error: unknown) => {
      laterNamespaces = null; // a lost connection: the next lazy screen asks again
      throw error;
    },
  );
  return laterNamespaces;
}

/**
 * Loads one namespace of a prerendered screen (i18n/resources.ts SCREEN_NAMESPACES) into
 * i18next, without the other later ones: the screen renders with its texts and nothing more.
 */
export async function screenTranslationsLoaded(namespace: ScreenNamespace): Promise<void> {
  if (i18next.hasResourceBundle(LOCALE, namespace)) return;
  i18next.addResourceBundle(LOCALE, namespace, await SCREEN_NAMESPACES[namespace]());
}

/** «1 день», «22 дня», «5 месяцев», «0 недель»: a recurrence period with its count. */
export function formatPeriod(period: RecurrencePeriod, count: number): string {
  return i18next.t(`periods:${period}`, { count });
}
