import { useTranslation } from 'react-i18next';
import { formatPhone, type Client } from '@zaymo/contract';
import { useClient } from '@/hooks/use-client';
import '../accounts.css';

/** The signed-in client in the header: the name once known, else the phone. */
export function ClientBadge() {
  const { t } = useTranslation('accounts');
  const { data } = useClient();
  if (!data) return null;
  return (
    <span className="client-badge" data-testid="client-badge" title={t('header.client')}>
      {clientLabel(data)}
    </span>
  );
}

/** «Иван Петров» when the identity steps gave a name, else «+7 (912) 345-67-89». */
export function clientLabel(client: Pick<Client, 'name' | 'surname' | 'phone'>): string {
  const name = [client.name, client.surname].filter(Boolean).join(' ');
  return name || formatPhone(client.phone);
}
