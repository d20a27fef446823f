import {
  IDENTIFICATION_LEVEL_TITLES,
  identificationAtLeast,
  type EsiaProfile,
} from '@zaymo/contract';
import { isoToDisplayDate } from '@zaymo/web-kit';
import { useTranslation } from 'react-i18next';
import { ClientOnly } from '@/components/client-only';
import { EsiaButton } from '@/components/esia-button';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { errorMessageOf } from '@/lib/error-notice';
import { useEsiaChange } from '../api/identity';
import { ProfileSection } from './profile-section';

/** /person: Госуслуги linked or not, how the client is identified, and the way up a level. */
export function EsiaSection({ esia }: { esia: EsiaProfile }) {
  const { t } = useTranslation('identity');
  const change = useEsiaChange();
  if (!esia.available) return null;
  const rows = [
    { label: t('esia.title'), value: esia.linked ? t('esia.linked') : t('esia.notLinked') },
    { label: t('esia.level'), value: IDENTIFICATION_LEVEL_TITLES[esia.identification_level] },
  ];
  const needsBiometrics =
    esia.linked &&
    esia.biometrics_available &&
    !identificationAtLeast(esia.identification_level, 'esia_biometric');
  return (
    <ProfileSection title={t('esia.title')} rows={rows}>
      {esia.biometric_required_from && (
        <Notice tone={esia.biometric_required ? 'error' : 'neutral'}>
          {t('esia.biometricRequired', { date: isoToDisplayDate(esia.biometric_required_from) })}
        </Notice>
      )}
      <ClientOnly hint={t('esia.operatorHint')}>
        <div className="person__actions">
          {!esia.linked && <EsiaButton purpose="link" />}
          {needsBiometrics && <EsiaButton purpose="biometrics" />}
          {esia.linked && (
            <Button
              variant="secondary"
              loading={change.isPending}
              onClick={() => change.mutate({ unlink: true })}
            >
              {t('esia.unlink')}
            </Button>
          )}
        </div>
        {change.isError && <p role="alert">{errorMessageOf(change.error)}</p>}
      </ClientOnly>
    </ProfileSection>
  );
}
