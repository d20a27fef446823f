import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { RecurrencePeriod } from '@zaymo/contract';
import { DEFAULT_NAMESPACE, LOCALE, resources } from '@/i18n/resources';

/** Start-up step: i18next with the bundled Russian resources, ready synchronously. */
export function installTranslations(): typeof i18next {
  if (i18next.isInitialized) return i18next;
  void i18next.use(initReactI18next).init({
    lng: LOCALE,
    fallbackLng: LOCALE,
    supportedLngs: [LOCALE],
    defaultNS: DEFAULT_NAMESPACE,
    ns: Object.keys(resources.ru),
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18next;
}

/** «1 день», «22 дня», «5 месяцев», «0 недель»: a recurrence period with its count. */
export function formatPeriod(period: RecurrencePeriod, count: number): string {
  return i18next.t(`periods:${period}`, { count });
}
