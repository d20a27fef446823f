import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useBindCard } from '../hooks/use-bind-card';
import { DEFAULT_PAY_REFERER } from '../lib/pay-referer';

/** «Добавить карту»: to the gateway's card page, back to /cards. */
export function AddCardButton() {
  const { t } = useTranslation('cards');
  const { bind, isPending } = useBindCard(DEFAULT_PAY_REFERER);
  return (
    <Button className="cards-add" loading={isPending} onClick={bind}>
      {t('actions.add')}
    </Button>
  );
}
