import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatPhone, type Client } from '@zaymo/contract';
import { ClientOnly } from '@/components/client-only';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES, signinPathWithRedirect } from '@/config/paths';
import { useDashboardStore } from '@/stores/dashboard';
import { useSessionStore } from '@/stores/session';
import { useClient } from '@/hooks/use-client';
import { AuthCard } from '../components/auth-card';
import { LoadError } from '../components/load-error';
import { PhoneChangeFlow } from '../components/phone-change-flow';

/** /confirm-phone: a signed-in client confirms or changes the phone; a guest is asked to sign in. */
export function ConfirmPhoneScreen() {
  const token = useSessionStore((state) => state.token);
  return <AuthCard titleKey="confirmPhone">{token ? <ForClient /> : <ForGuest />}</AuthCard>;
}

function ForGuest() {
  const { t } = useTranslation('accounts');
  const { pathname, search } = useLocation();
  return (
    <div className="accounts-notice">
      <p>{t('phone.guest')}</p>
      <p>
        <Link to={signinPathWithRedirect(pathname + search)}>{t('phone.toSignin')}</Link>
      </p>
    </div>
  );
}

function ForClient() {
  const client = useClient();
  if (client.isError) return <LoadError onRetry={() => void client.refetch()} />;
  if (!client.data) return <Spinner />;
  return <PhoneConfirmation client={client.data} />;
}

function PhoneConfirmation({ client }: { client: Client }) {
  const { t } = useTranslation('accounts');
  const mainPageLink = useDashboardStore((state) => state.mainPageLink);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  if (confirmed) {
    return (
      <div className="accounts-notice accounts-notice--success" role="status">
        <p>{t('phone.done', { phone: formatPhone(confirmed) })}</p>
        <p>
          <Link to={mainPageLink}>{t('phone.toCabinet')}</Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="accounts-lead">
        {t(client.phone_confirmed ? 'phone.currentConfirmed' : 'phone.currentUnconfirmed', {
          phone: formatPhone(client.phone),
        })}
      </p>
      <ClientOnly hint={t('phone.operator')}>
        <p className="ui-field__hint">{t('phone.changeHint')}</p>
        <PhoneChangeFlow
          client={client}
          prefill={client.phone_confirmed ? 'empty' : 'current'}
          onDone={setConfirmed}
        />
      </ClientOnly>
      <p className="accounts-links">
        <Link to={ROUTES.person.path}>{t('phone.toProfile')}</Link>
      </p>
    </>
  );
}
