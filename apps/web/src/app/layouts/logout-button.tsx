import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/features/accounts/api/logout';

export function LogoutButton() {
  const { t } = useTranslation();
  const { mutate, isPending } = useLogout();
  return (
    <Button variant="ghost" loading={isPending} onClick={() => mutate()}>
      {t('actions.logout')}
    </Button>
  );
}
