import type { EsiaStep, EsiaStepStatus } from '@zaymo/contract';
import { useTranslation } from 'react-i18next';
import { ClientOnly } from '@/components/client-only';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { errorMessageOf } from '@/lib/error-notice';
import { useEsiaChange } from '../api/identity';

/**
 * A step against Госуслуги: «подтверждено Госуслугами» (the fields are locked), or what differs
 * from what the client typed — kept as typed until the client takes Госуслуги's.
 */
export function EsiaStepNotice({ step, status }: { step: EsiaStep; status: EsiaStepStatus }) {
  const { t } = useTranslation('identity');
  const change = useEsiaChange();
  if (status.state === 'none') return null;
  if (status.state === 'confirmed')
    return (
      <Notice role="status" className="identity-esia">
        <p className="identity-esia__badge">{t('esia.confirmed')}</p>
        <p>{t('esia.lockedHint')}</p>
      </Notice>
    );
  return (
    <Notice role="status" className="identity-esia">
      <p className="identity-esia__badge">{t('esia.mismatch')}</p>
      <ul>
        {status.differences.map((difference) => (
          <li key={difference.field}>{t('esia.difference', difference)}</li>
        ))}
      </ul>
      <ClientOnly hint={t('esia.operatorHint')}>
        <Button
          variant="secondary"
          loading={change.isPending}
          onClick={() => change.mutate({ resolve: step })}
        >
          {t('esia.take')}
        </Button>
      </ClientOnly>
      {change.isError && <p role="alert">{errorMessageOf(change.error)}</p>}
    </Notice>
  );
}
