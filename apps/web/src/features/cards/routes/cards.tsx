import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';
import { AddCardButton } from '../components/add-card-button';
import { CardList } from '../components/card-list';
import { PaymentMethods } from '../components/payment-methods';
import '../cards.css';

/** /cards: the client's bound cards and the payment and payout methods. */
export function CardsScreen() {
  const { t } = useTranslation('routes');
  return (
    <div className="cards-screen">
      <header className="cards-screen__header">
        <PageTitle>{t('cards')}</PageTitle>
        <AddCardButton />
      </header>
      <CardList />
      <PaymentMethods />
    </div>
  );
}
