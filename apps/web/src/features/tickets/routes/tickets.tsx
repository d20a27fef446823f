import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { ROUTES } from '@/config/paths';
import { TicketList } from '../components/ticket-list';
import '../tickets.css';

/** /tickets: the client's questions to support and the answers, newest activity first. */
export function TicketsScreen() {
  const { t } = useTranslation(['routes', 'tickets']);
  return (
    <div className="tickets-screen">
      <header className="tickets-screen__header">
        <PageTitle>{t('routes:tickets')}</PageTitle>
        <Link className="tickets-link-button" to={ROUTES['tickets.new'].path}>
          {t('tickets:list.create')}
        </Link>
      </header>
      <TicketList />
    </div>
  );
}
