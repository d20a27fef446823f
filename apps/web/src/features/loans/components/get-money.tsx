import { Suspense, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/config/paths';
import { showErrorNotice } from '@/lib/error-notice';
import { useSessionStore } from '@/stores/session';
import { lazyNamed } from '@/lib/lazy';
import { isIdentityComplete } from '../api/client-step';
import { Loading } from './load-failed';

// The order form (react-hook-form, zod) loads on the click that opens it, not with the home page.
const PreorderStep = lazyNamed(() => import('./preorder-step'), 'PreorderStep');

/**
 * «Получить деньги»: a guest signs up (the choice waits in the calculator store); a client with
 * unfinished identity steps goes to them; a ready client reads the pre-order documents.
 */
export function GetMoney() {
  const { t } = useTranslation('loans');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useSessionStore((state) => state.token !== null);
  const [reading, setReading] = useState(false);
  const check = useMutation({
    mutationFn: () => isIdentityComplete(queryClient),
    onSuccess: (complete) => {
      if (complete) setReading(true);
      else void navigate(ROUTES.profileIdentity.path);
    },
    onError: (error) => showErrorNotice(error),
  });
  if (reading)
    return (
      <Suspense fallback={<Loading text={t('preorder.loading')} />}>
        <PreorderStep onBack={() => setReading(false)} />
      </Suspense>
    );
  const onClick = () => {
    if (signedIn) check.mutate();
    else void navigate(ROUTES.signup.path);
  };
  return (
    <Button className="loan-calc__cta" loading={check.isPending} onClick={onClick}>
      {t('calculator.getMoney')}
    </Button>
  );
}
