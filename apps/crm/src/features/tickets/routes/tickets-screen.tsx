import {
  formatPhone,
  TICKET_CATEGORY_TITLES,
  TICKET_STATUSES,
  type TicketStatus,
} from '@zaymo/contract';
import { Link, useSearchParams } from 'react-router';
import { Empty, ErrorNotice, Loading, MoreButton, SelectField, TableScroll } from '@/components/ui';
import { clientPath, ROUTES, ticketPath } from '@/config/paths';
import { formatDateTimeSeconds } from '@zaymo/web-kit';
import { AUTHOR_TITLES, TICKET_STATUS_TITLES } from '@/lib/ticket-titles';
import { useTitle } from '@/lib/use-title';
import { useInbox } from '../api/tickets';

const STATUS_OPTIONS = TICKET_STATUSES.map((value) => ({
  value,
  label: TICKET_STATUS_TITLES[value],
}));

function statusOf(search: URLSearchParams): TicketStatus | undefined {
  const value = search.get('status');
  return TICKET_STATUSES.find((status) => status === value);
}

/** «Обращения» (part 5): every client's tickets, the unanswered first; a filter by status. */
export function TicketsScreen() {
  useTitle(ROUTES.tickets.title);
  const [search, setSearch] = useSearchParams();
  const status = statusOf(search);
  const inbox = useInbox(status);
  const tickets = inbox.data?.pages.flatMap((page) => page.data.tickets) ?? [];

  return (
    <div className="screen">
      <div className="screen__title">
        <h1>Обращения</h1>
      </div>
      <div className="filters">
        <SelectField
          label="Статус"
          anyLabel="Все"
          options={STATUS_OPTIONS}
          value={status ?? ''}
          onChange={(event) => setSearch(event.target.value ? { status: event.target.value } : {})}
        />
      </div>
      {inbox.isPending && <Loading />}
      {inbox.isError && <ErrorNotice error={inbox.error} onRetry={() => void inbox.refetch()} />}
      {inbox.isSuccess && tickets.length === 0 && <Empty>Обращений нет.</Empty>}
      {tickets.length > 0 && (
        <TableScroll label="Обращения клиентов">
          <table>
            <thead>
              <tr>
                <th scope="col">Обращение</th>
                <th scope="col">Статус</th>
                <th scope="col">Клиент</th>
                <th scope="col">Последнее сообщение</th>
                <th scope="col">Время (МСК)</th>
              </tr>
            </thead>
            <tbody>
              {tickets.map((ticket) => (
                <tr key={ticket.id} className={ticket.status === 'open' ? 'row--waiting' : ''}>
                  <td>
                    <Link to={ticketPath(ticket.id)}>
                      №{ticket.id}. {ticket.subject}
                    </Link>
                    <div className="muted">{TICKET_CATEGORY_TITLES[ticket.category]}</div>
                  </td>
                  <td>{TICKET_STATUS_TITLES[ticket.status]}</td>
                  <td>
                    <Link to={clientPath(ticket.client.id)}>
                      {ticket.client.full_name ?? `Клиент №${ticket.client.id}`}
                    </Link>
                    <div className="muted nowrap">{formatPhone(ticket.client.phone)}</div>
                  </td>
                  <td className="ticket-preview">
                    <span className="muted">{AUTHOR_TITLES[ticket.last_message.author]}:</span>{' '}
                    {ticket.last_message.text}
                  </td>
                  <td className="nowrap">{formatDateTimeSeconds(ticket.last_message_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <MoreButton list={inbox} />
    </div>
  );
}
