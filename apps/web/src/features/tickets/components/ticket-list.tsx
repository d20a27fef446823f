import { useTranslation } from 'react-i18next';
import { TICKET_CATEGORY_TITLES, type TicketSummary } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import { Notice, NoticeTitle } from '@/components/ui/notice';
import { cx } from '@/lib/class-names';
import { openPopup } from '@/stores/popups';
import { useTickets } from '../api/tickets';
import { formatDateTime } from '@zaymo/web-kit';
import { preview } from '../lib/format';
import { StatusBadge } from './status-badge';

export const TICKETS_HEADING_ID = 'tickets-list-heading';

/** The client's tickets with their loading, failed and empty states. */
export function TicketList() {
  const { t } = useTranslation('tickets');
  return (
    <section className="tickets-section" aria-labelledby={TICKETS_HEADING_ID}>
      <h2 id={TICKETS_HEADING_ID} className="visually-hidden">
        {t('list.label')}
      </h2>
      <TicketListBody />
    </section>
  );
}

function TicketListBody() {
  const { t } = useTranslation('tickets');
  const tickets = useTickets();
  if (tickets.isPending) {
    return (
      <Notice as="p" role="status">
        {t('list.loading')}
      </Notice>
    );
  }
  if (tickets.isError) {
    return (
      <Notice tone="error" role="alert">
        <p>{t('list.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void tickets.refetch()}>
          {t('list.retry')}
        </Button>
      </Notice>
    );
  }
  if (tickets.data.length === 0) {
    return (
      <Notice>
        <NoticeTitle>{t('list.empty')}</NoticeTitle>
        <p>{t('list.emptyHint')}</p>
      </Notice>
    );
  }
  return (
    <ul className="ticket-list">
      {tickets.data.map((ticket) => (
        <li key={ticket.id}>
          <TicketItem ticket={ticket} />
        </li>
      ))}
    </ul>
  );
}

/** One ticket; the whole item is the button that opens the conversation. */
function TicketItem({ ticket }: { ticket: TicketSummary }) {
  const { t } = useTranslation('tickets');
  const last = ticket.last_message;
  const text = preview(last.text);
  return (
    <button
      type="button"
      className={cx('ticket-item', ticket.has_unread_answer && 'ticket-item--unread')}
      onClick={() => openPopup('ticket', { big: true, ticketId: ticket.id })}
    >
      <span className="ticket-item__top">
        <StatusBadge status={ticket.status} />
        {ticket.has_unread_answer && (
          <span className="ticket-item__new">{t('list.newAnswer')}</span>
        )}
        <time className="ticket-item__date" dateTime={ticket.updated_at}>
          {formatDateTime(ticket.updated_at)}
        </time>
      </span>
      <span className="ticket-item__subject">{ticket.subject}</span>
      <span className="ticket-item__meta">
        {t('list.number', { id: ticket.id })} · {TICKET_CATEGORY_TITLES[ticket.category]}
      </span>
      <span className="ticket-item__preview">
        {last.author === 'client'
          ? t('list.fromClient', { text })
          : t('list.fromOperator', { text })}
      </span>
    </button>
  );
}
