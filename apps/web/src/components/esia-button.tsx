import { useMutation } from '@tanstack/react-query';
import type { EsiaPurpose } from '@zaymo/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { errorMessageOf } from '@/lib/error-notice';
import { api } from '@/lib/api-client';

/** POST /esia/start: the address of Госуслуги's login (or of the biometric check) to go to. */
async function esiaAddress(purpose: EsiaPurpose): Promise<string> {
  const { data } = await api.post('/esia/start', { body: { purpose } });
  return data.url;
}

/** «Войти через Госуслуги» (or link them, or «подтвердите, что это вы»): off to ЕСИА. */
export function EsiaButton({ purpose }: { purpose: EsiaPurpose }) {
  const { t } = useTranslation('common');
  const start = useMutation({
    mutationFn: () => esiaAddress(purpose),
    onSuccess: (url) => window.location.assign(url),
  });
  return (
    <div className="accounts-esia">
      <Button
        variant="secondary"
        loading={start.isPending || start.isSuccess}
        onClick={() => start.mutate()}
      >
        {t(`esia.start.${purpose}`)}
      </Button>
      {start.isError && (
        <Notice tone="error" role="alert">
          {errorMessageOf(start.error) ?? t('esia.failed')}
        </Notice>
      )}
    </div>
  );
}
