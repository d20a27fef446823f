import {
  CREDIT_HISTORY_EVENT_TITLES,
  CREDIT_HISTORY_STATUS_TITLES,
  type CrmCreditEvent,
} from '@zaymo/contract';
import { Link } from 'react-router';
import { formatDate, formatDateTimeSeconds } from '@zaymo/web-kit';
import { clientPath } from '@/config/paths';
import { Empty, TableScroll } from './ui';

/** How an event stands: its state, and «срок сегодня/завтра» or «просрочено» beside it. */
function stateText(event: CrmCreditEvent): string {
  const state = CREDIT_HISTORY_STATUS_TITLES[event.status];
  if (event.status === 'acknowledged') return event.late ? `${state} с опозданием` : state;
  if (event.late) return `${state} · срок прошёл`;
  return event.near_deadline ? `${state} · срок подходит` : state;
}

/**
 * Credit-history events as the console lists them (the client card and the «БКИ» screen): what,
 * when it happened, its deadline, how it stands at the bureau and the last error, if any.
 */
export function CreditEventsTable({
  events,
  label,
  withClient = false,
}: {
  events: readonly CrmCreditEvent[];
  label: string;
  withClient?: boolean;
}) {
  if (events.length === 0) return <Empty>Событий нет.</Empty>;
  return (
    <TableScroll label={label}>
      <table>
        <thead>
          <tr>
            <th scope="col">Событие</th>
            {withClient && <th scope="col">Клиент</th>}
            <th scope="col">Договор</th>
            <th scope="col">Произошло</th>
            <th scope="col">Срок передачи</th>
            <th scope="col">Состояние</th>
            <th scope="col">Отправлено</th>
            <th scope="col">Принято бюро</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr
              key={event.id}
              className={event.late || event.status === 'failing' ? 'row--alert' : undefined}
              data-testid="credit-event"
            >
              <td>
                {CREDIT_HISTORY_EVENT_TITLES[event.kind]}{' '}
                <span className="muted">({event.code})</span>
              </td>
              {withClient && (
                <td>
                  <Link to={clientPath(event.client_id)}>
                    {event.client_name ?? `Клиент №${event.client_id}`}
                  </Link>
                </td>
              )}
              <td className="nowrap">{event.contract_number ?? `заявка №${event.order_id}`}</td>
              <td className="nowrap">{formatDateTimeSeconds(event.occurred_at)}</td>
              <td className="nowrap">{formatDate(event.deadline)}</td>
              <td>
                {stateText(event)}
                {event.last_error && <span className="muted"> · {event.last_error}</span>}
              </td>
              <td className="nowrap">
                {event.last_sent_at ? formatDateTimeSeconds(event.last_sent_at) : '—'}
                {event.attempts > 1 && <span className="muted"> · попыток: {event.attempts}</span>}
              </td>
              <td className="nowrap">
                {event.acknowledged_at ? formatDateTimeSeconds(event.acknowledged_at) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
