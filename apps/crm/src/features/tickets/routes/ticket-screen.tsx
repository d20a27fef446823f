import { formatPhone, TICKET_CATEGORY_TITLES } from '@zaymo/contract';
import { Link, useParams } from 'react-router';
import { FileButton } from '@/components/file-button';
import { Button, ErrorNotice, ErrorText, Loading, Section } from '@/components/ui';
import { clientPath, ROUTES } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { formatDateTimeSeconds } from '@zaymo/web-kit';
import { AUTHOR_TITLES, TICKET_STATUS_TITLES } from '@/lib/ticket-titles';
import { useTitle } from '@/lib/use-title';
import { useCloseTicket, useTicket } from '../api/tickets';
import { ReplyForm } from '../components/reply-form';

/** One ticket (part 5): the conversation, the answer with files, «Закрыть обращение». */
export function TicketScreen() {
  const ticketId = Number(useParams().ticketId);
  const query = useTicket(ticketId);
  const close = useCloseTicket(ticketId);
  const ticket = query.data;
  useTitle(ticket ? `Обращение №${ticket.id}` : ROUTES.ticket.title);

  return (
    <div className="screen">
      <p className="breadcrumbs">
        <Link to={ROUTES.tickets.path}>← Обращения</Link>
      </p>
      {query.isPending && <Loading />}
      {query.isError && <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />}
      {ticket && (
        <>
          <header className="client-header">
            <div>
              <h1>
                Обращение №{ticket.id}. {ticket.subject}
              </h1>
              <p className="muted">
                {TICKET_CATEGORY_TITLES[ticket.category]} · {TICKET_STATUS_TITLES[ticket.status]} ·{' '}
                <Link to={clientPath(ticket.client.id)}>
                  {ticket.client.full_name ?? `Клиент №${ticket.client.id}`}
                </Link>
                , {formatPhone(ticket.client.phone)}
              </p>
            </div>
            {ticket.status !== 'closed' && (
              <Button variant="secondary" onClick={() => close.mutate()} loading={close.isPending}>
                Закрыть обращение
              </Button>
            )}
          </header>
          <ErrorText>{close.isError ? errorText(close.error) : null}</ErrorText>
          <Section title="Переписка">
            <ol className="plain-list ticket-messages" aria-label="Сообщения">
              {ticket.messages.map((message) => (
                <li key={message.id} className={`ticket-message--${message.author}`}>
                  <p className="muted">
                    {AUTHOR_TITLES[message.author]}
                    {message.operator_name ? ` (${message.operator_name})` : ''} ·{' '}
                    {formatDateTimeSeconds(message.created_at)}
                  </p>
                  <p className="ticket-message__text">{message.text}</p>
                  {message.attachments.length > 0 && (
                    <ul className="plain-list" aria-label="Файлы сообщения">
                      {message.attachments.map((file) => (
                        <li key={file.id}>
                          <FileButton url={file.url}>{file.name}</FileButton>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ol>
          </Section>
          <Section title="Ответить">
            {ticket.status === 'closed' && (
              <p className="muted">
                Обращение закрыто; после ответа его статус станет «{TICKET_STATUS_TITLES.answered}».
              </p>
            )}
            <ReplyForm ticketId={ticket.id} />
          </Section>
        </>
      )}
    </div>
  );
}
