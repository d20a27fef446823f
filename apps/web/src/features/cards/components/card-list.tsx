import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useCards } from '../api/cards';
import { CardTile } from './card-tile';

export const CARDS_HEADING_ID = 'cards-list-heading';

/** The bound cards with their loading, failed and empty states. */
export function CardList() {
  const { t } = useTranslation('cards');
  return (
    <section className="cards-section" aria-labelledby={CARDS_HEADING_ID}>
      <h2 id={CARDS_HEADING_ID} className="visually-hidden" tabIndex={-1}>
        {t('list.label')}
      </h2>
      <CardListBody />
    </section>
  );
}

function CardListBody() {
  const { t } = useTranslation('cards');
  const cards = useCards();
  if (cards.isPending) return <CardSkeletons />;
  if (cards.isError) {
    return (
      <Notice className="cards-notice" tone="error" role="alert">
        <p>{t('list.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void cards.refetch()}>
          {t('actions.retry')}
        </Button>
      </Notice>
    );
  }
  if (cards.data.length === 0) {
    return (
      <Notice className="cards-notice">
        <p className="cards-empty__title">{t('list.empty')}</p>
        <p className="cards-empty__hint">{t('list.emptyHint')}</p>
      </Notice>
    );
  }
  return (
    <ul className="card-list">
      {cards.data.map((card) => (
        <li key={card.id}>
          <CardTile card={card} />
        </li>
      ))}
    </ul>
  );
}

function CardSkeletons() {
  const { t } = useTranslation('cards');
  return (
    <div className="card-list" aria-busy="true">
      <p role="status" className="visually-hidden">
        {t('list.loading')}
      </p>
      {[1, 2].map((key) => (
        <div key={key} className="card-skeleton" aria-hidden="true" data-testid="card-skeleton">
          <div className="card-skeleton__face" />
          <div className="card-skeleton__lines">
            <div className="card-skeleton__line" />
            <div className="card-skeleton__line card-skeleton__line--short" />
          </div>
        </div>
      ))}
    </div>
  );
}
