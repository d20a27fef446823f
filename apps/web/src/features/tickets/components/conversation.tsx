import { useTranslation } from 'react-i18next';
import type { TicketMessage } from '@zaymo/contract';
import { cx } from '@/lib/class-names';
import { formatDateTime } from '@zaymo/web-kit';
import { AttachmentView } from './attachment-view';

/** The messages in order: the client's on the right, the operators' on the left. */
export function Conversation({ messages }: { messages: readonly TicketMessage[] }) {
  const { t } = useTranslation('tickets');
  return (
    <ol className="ticket-conversation" aria-label={t('ticket.conversation')}>
      {messages.map((message) => (
        <li key={message.id} className={cx('ticket-message', `ticket-message--${message.author}`)}>
          <MessageBody message={message} />
        </li>
      ))}
    </ol>
  );
}

function MessageBody({ message }: { message: TicketMessage }) {
  const { t } = useTranslation('tickets');
  const author =
    message.author === 'client' ? t('ticket.you') : (message.operator_name ?? t('ticket.support'));
  return (
    <article className="ticket-message__bubble" aria-label={author}>
      <header className="ticket-message__head">
        <span className="ticket-message__author">{author}</span>
        <time className="ticket-message__time" dateTime={message.created_at}>
          {formatDateTime(message.created_at)}
        </time>
      </header>
      <p className="ticket-message__text">{message.text}</p>
      {message.attachments.length > 0 && (
        <ul className="ticket-message__files">
          {message.attachments.map((attachment) => (
            <li key={attachment.id}>
              <AttachmentView attachment={attachment} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
