import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { TICKET_CATEGORY_TITLES, type TicketDetail } from '@zaymo/contract';
import type { PopupContentProps } from '@/components/popup/types';
import { useReadySignal } from '@/components/popup/use-ready-signal';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { ROUTES } from '@/config/paths';
import { hasErrorCode } from '@zaymo/web-kit';
import { useTicket } from '../api/tickets';
import { Conversation } from '../components/conversation';
import { ReplyForm } from '../components/reply-form';
import { StatusBadge } from '../components/status-badge';
import '../tickets.css';

const ticketIdSchema = z.number().int().positive();

/** ticket (data.ticketId): the conversation and, unless the ticket is closed, a reply form. */
export function TicketPopup({ onReady, onClose, data, titleId }: PopupContentProps) {
  const { t } = useTranslation(['popups', 'tickets']);
  const ticketId = ticketIdSchema.safeParse(data.ticketId);
  if (!ticketId.success) {
    return (
      <NoTicket onReady={onReady} titleId={titleId}>
        {t('tickets:ticket.notFound')}
      </NoTicket>
    );
  }
  return (
    <TicketBody ticketId={ticketId.data} onReady={onReady} onClose={onClose} titleId={titleId} />
  );
}

type BodyProps = { ticketId: number; onReady: () => void; onClose: () => void; titleId: string };

function TicketBody({ ticketId, onReady, onClose, titleId }: BodyProps) {
  const { t } = useTranslation(['popups', 'tickets']);
  const ticket = useTicket(ticketId);
  const settled = !ticket.isPending;
  useEffect(() => {
    if (settled) onReady();
  }, [settled, onReady]);
  if (ticket.isPending) return null;
  if (ticket.isError) {
    const missing = hasErrorCode(ticket.error, 'TICKET_NOT_FOUND');
    return (
      <div className="ticket-popup">
        <h2 id={titleId} className="popup__title">
          {t('popups:titles.ticket')}
        </h2>
        <Notice tone="error" role="alert">
          <p>{missing ? t('tickets:ticket.notFound') : t('tickets:ticket.loadFailed')}</p>
          {!missing && (
            <Button variant="secondary" onClick={() => void ticket.refetch()}>
              {t('tickets:ticket.retry')}
            </Button>
          )}
        </Notice>
      </div>
    );
  }
  return <TicketView ticket={ticket.data} titleId={titleId} onClose={onClose} />;
}

function TicketView(props: { ticket: TicketDetail; titleId: string; onClose: () => void }) {
  const { ticket, titleId, onClose } = props;
  const { t } = useTranslation('tickets');
  return (
    <div className="ticket-popup">
      {/* Not a <header>: outside <main> it would be a second banner landmark beside the site's. */}
      <div className="ticket-popup__head">
        <h2 id={titleId} className="popup__title ticket-popup__title">
          {ticket.subject}
        </h2>
        <p className="ticket-popup__meta">
          <StatusBadge status={ticket.status} />
          <span>
            {t('list.number', { id: ticket.id })} · {TICKET_CATEGORY_TITLES[ticket.category]}
          </span>
        </p>
      </div>
      <Conversation messages={ticket.messages} />
      {ticket.status === 'closed' ? (
        <Notice>
          <p>{t('ticket.closed')}</p>
          <Link className="tickets-link-button" to={ROUTES['tickets.new'].path} onClick={onClose}>
            {t('ticket.createNew')}
          </Link>
        </Notice>
      ) : (
        <ReplyForm ticketId={ticket.id} />
      )}
    </div>
  );
}

function NoTicket(props: { onReady: () => void; titleId: string; children: string }) {
  const { t } = useTranslation('popups');
  useReadySignal(props.onReady);
  return (
    <div className="ticket-popup">
      <h2 id={props.titleId} className="popup__title">
        {t('titles.ticket')}
      </h2>
      <Notice as="p" tone="error" role="alert">
        {props.children}
      </Notice>
    </div>
  );
}
