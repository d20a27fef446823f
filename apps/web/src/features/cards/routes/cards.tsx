import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';
import { useSessionStore } from '@/stores/session';
import { AddCardButton } from '../components/add-card-button';
import { CardList } from '../components/card-list';
import { PaymentMethods } from '../components/payment-methods';
import '../cards.css';

/**
 * /cards: the client's bound cards and the payment and payout methods. A CRM operator sees them
 * but cannot bind, delete or choose cards: the server refuses, so no button offers it.
 */
export function CardsScreen() {
  const { t } = useTranslation('routes');
  const admin = useSessionStore((state) => state.admin);
  return (
    <div className="cards-screen">
      <header className="cards-screen__header">
        <PageTitle>{t('cards')}</PageTitle>
        {!admin && <AddCardButton />}
      </header>
      <CardList />
      <PaymentMethods />
    </div>
  );
}
