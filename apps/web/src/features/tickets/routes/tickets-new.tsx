import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';
import { NewTicketForm } from '../components/new-ticket-form';
import '../tickets.css';

/** /tickets/new: a question to support, with files. */
export function TicketsNewScreen() {
  const { t } = useTranslation('routes');
  return (
    <div className="tickets-screen tickets-screen--form">
      <PageTitle>{t('ticketsNew')}</PageTitle>
      <NewTicketForm />
    </div>
  );
}
