import { identificationAtLeast, type EsiaProfile } from '@zaymo/contract';
import { formatDate } from '@zaymo/web-kit';
import { useTranslation } from 'react-i18next';
import { ClientOnly } from '@/components/client-only';
import { EsiaButton } from '@/components/esia-button';
import { Notice, NoticeTitle } from '@/components/ui/notice';

/** The law asks more than this client's identification today (41-ФЗ). */
export function identificationMissing(esia: EsiaProfile): boolean {
  return (
    esia.biometric_required && !identificationAtLeast(esia.identification_level, 'esia_biometric')
  );
}

/**
 * Before the order: why an online loan needs Госуслуги and biometrics today (41-ФЗ) and the way
 * there — link Госуслуги first, then «Подтвердить, что это вы».
 */
export function IdentificationRule({ esia, id }: { esia: EsiaProfile; id: string }) {
  const { t } = useTranslation('loans');
  if (!identificationMissing(esia)) return null;
  const date = formatDate(esia.biometric_required_from ?? '');
  const next = esia.linked ? 'biometrics' : 'link';
  const canGoOn = esia.available && (next === 'link' || esia.biometrics_available);
  return (
    <Notice id={id} tone="error" className="loan-identification">
      <NoticeTitle>{t('identification.title')}</NoticeTitle>
      <p>{t('identification.law', { date })}</p>
      <p>{canGoOn ? t(`identification.${next}`) : t('identification.office')}</p>
      {canGoOn && (
        <ClientOnly hint={t('identification.operator')}>
          <EsiaButton purpose={next} />
        </ClientOnly>
      )}
    </Notice>
  );
}
