import { formatPhone, TICKET_CATEGORY_TITLES, type CrmClientCard } from '@zaymo/contract';
import { Link } from 'react-router';
import { FileButton } from '@/components/file-button';
import { Empty, Section, TableScroll } from '@/components/ui';
import { ticketPath } from '@/config/paths';
import { formatDate, formatDateTimeSeconds } from '@zaymo/web-kit';
import { AUTHOR_TITLES, TICKET_STATUS_TITLES, titleOf } from '@/lib/ticket-titles';
import { channelTitle, documentTitle } from './titles';

/** Each act is a row: a consent given, or its withdrawal (the rows are never changed). */
const CONSENT_ACTIONS = { given: 'дано', withdrawn: 'отозвано' } as const;

export function ConsentsSection({ client }: { client: CrmClientCard }) {
  return (
    <Section title="Согласия">
      {client.consents.length === 0 ? (
        <Empty>Согласий нет.</Empty>
      ) : (
        <TableScroll label="Список согласий">
          <table>
            <thead>
              <tr>
                <th scope="col">Документ</th>
                <th scope="col">Версия</th>
                <th scope="col">Действие</th>
                <th scope="col">Когда (МСК)</th>
                <th scope="col">Адрес</th>
              </tr>
            </thead>
            <tbody>
              {client.consents.map((consent) => (
                <tr key={`${consent.code}-${consent.version}-${consent.accepted_at}`}>
                  <td>{documentTitle(consent.document)}</td>
                  <td>{consent.version}</td>
                  <td>{CONSENT_ACTIONS[consent.action]}</td>
                  <td>{formatDateTimeSeconds(consent.accepted_at)}</td>
                  <td>{consent.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}

/** Cards: the masked number only (the full one is never stored). */
export function CardsSection({ client }: { client: CrmClientCard }) {
  return (
    <Section title="Карты">
      {client.cards.length === 0 ? (
        <Empty>Карт нет.</Empty>
      ) : (
        <TableScroll label="Список карт">
          <table>
            <thead>
              <tr>
                <th scope="col">Номер</th>
                <th scope="col">Срок</th>
                <th scope="col">Система</th>
                <th scope="col">Состояние</th>
                <th scope="col">Добавлена</th>
              </tr>
            </thead>
            <tbody>
              {client.cards.map((card) => (
                <tr key={card.id}>
                  <td className="nowrap">{card.pan_masked}</td>
                  <td>{card.expiry}</td>
                  <td>{card.payment_system}</td>
                  <td>
                    {card.deleted_at
                      ? `Удалена ${formatDateTimeSeconds(card.deleted_at)}`
                      : card.is_active
                        ? 'Активна'
                        : 'Не активна'}
                    {card.is_autopay ? ', автоплатёж' : ''}
                  </td>
                  <td>{formatDateTimeSeconds(card.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}

export function DocumentsSection({ client }: { client: CrmClientCard }) {
  return (
    <Section title="Документы">
      {client.documents.length === 0 ? (
        <Empty>Документов нет.</Empty>
      ) : (
        <ul className="plain-list">
          {client.documents.map((document) => (
            <li key={document.url}>
              <FileButton url={document.url}>{document.name}</FileButton>
              {document.contract_number && (
                <span className="muted"> · договор {document.contract_number}</span>
              )}
              {document.signature && (
                <span className="muted">
                  {' '}
                  · подписан {formatDateTimeSeconds(document.signature.signed_at)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** SMS and e-mail as sent; the server blanks out one-time codes and sign-in links. */
export function MessagesSection({ client }: { client: CrmClientCard }) {
  return (
    <Section title="SMS и письма">
      {client.messages.length === 0 ? (
        <Empty>Сообщений нет.</Empty>
      ) : (
        <TableScroll label="Список SMS и писем">
          <table>
            <thead>
              <tr>
                <th scope="col">Отправлено</th>
                <th scope="col">Канал</th>
                <th scope="col">Кому</th>
                <th scope="col">Текст</th>
              </tr>
            </thead>
            <tbody>
              {client.messages.map((message, index) => (
                <tr key={`${message.sent_at}-${index}`}>
                  <td className="nowrap">{formatDateTimeSeconds(message.sent_at)}</td>
                  <td>{channelTitle(message.channel)}</td>
                  <td>
                    {message.channel === 'sms' ? formatPhone(message.recipient) : message.recipient}
                  </td>
                  <td className="message-text">
                    {message.subject && <strong>{message.subject}. </strong>}
                    {message.text}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}

export function TicketsSection({ client }: { client: CrmClientCard }) {
  return (
    <Section title="Обращения">
      {client.tickets.length === 0 ? (
        <Empty>Обращений нет.</Empty>
      ) : (
        <ul className="plain-list tickets">
          {client.tickets.map((ticket) => (
            <li key={ticket.id}>
              <p>
                <strong>
                  <Link to={ticketPath(ticket.id)}>
                    №{ticket.id}. {ticket.subject}
                  </Link>
                </strong>{' '}
                <span className="muted">
                  {titleOf(TICKET_CATEGORY_TITLES, ticket.category)} ·{' '}
                  {titleOf(TICKET_STATUS_TITLES, ticket.status)} · от{' '}
                  {formatDate(ticket.created_at)}, последнее{' '}
                  {formatDateTimeSeconds(ticket.last_activity_at)}
                </span>
              </p>
              {ticket.last_message && (
                <p className="muted">
                  {titleOf(AUTHOR_TITLES, ticket.last_message.author)}: {ticket.last_message.text}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
