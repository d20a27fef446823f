import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { RecurrencePeriod } from '@zaymo/contract';
import { DEFAULT_NAMESPACE, LOCALE, loadLaterNamespaces, resources } from '@/i18n/resources';

let laterNamespaces: Promise<void> | null = null;

/**
 * Start-up step: i18next with the bundled Russian resources of the first screens, ready
 * synchronously; the other namespaces start loading at once (translationsLoaded).
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
  // Started now; a failure is not final: the first lazy screen asks again and shows it.
  translationsLoaded().catch(() => undefined);
  return i18next;
}

/**
 * Resolves when every namespace is in i18next. Lazy screens and popups wait for it before they
 * render (lib/lazy.ts), so their texts, also those read outside React, are never missing.
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

/** «1 день», «22 дня», «5 месяцев», «0 недель»: a recurrence period with its count. */
export function formatPeriod(period: RecurrencePeriod, count: number): string {
  return i18next.t(`periods:${period}`, { count });
}
