import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '@zaymo/contract';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { hasErrorCode } from '@/lib/api-client';
import { formatDateTimeSeconds } from '@zaymo/web-kit';
import { useOutbox } from '../api/outbox';
import { codeOf, MessageText } from './message-text';
import { useDebouncedValue } from './use-debounced-value';

const FILTER_DELAY_MS = 400;

/** The sandbox outbox: the latest SMS and e-mails, their codes and links, refreshed every 3 s. */
export function Outbox() {
  const { t } = useTranslation('devtools');
  const headingId = useId();
  const [recipient, setRecipient] = useState('');
  const filter = useDebouncedValue(recipient.trim(), FILTER_DELAY_MS);
  return (
    <section className="outbox" aria-labelledby={headingId}>
      <h2 id={headingId} className="outbox__title">
        {t('outbox.title')}
      </h2>
      <Field label={t('outbox.recipient')} hint={t('outbox.recipientHint')}>
        {(control) => (
          <Input
            {...control}
            type="search"
            value={recipient}
            onChange={(event) => setRecipient(event.target.value)}
            placeholder="+79123456789"
          />
        )}
      </Field>
      <OutboxMessages recipient={filter} />
    </section>
  );
}

function OutboxMessages({ recipient }: { recipient: string }) {
  const { t } = useTranslation('devtools');
  const outbox = useOutbox(recipient);
  if (outbox.isPending) return <Spinner />;
  if (outbox.isError) {
    const off = hasErrorCode(outbox.error, 'NOT_FOUND');
    return <p role="alert">{off ? t('outbox.sandboxOff') : t('outbox.failed')}</p>;
  }
  if (outbox.data.length === 0) return <p className="outbox__empty">{t('outbox.empty')}</p>;
  return (
    <ol className="outbox__list" aria-live="polite" aria-relevant="additions">
      {outbox.data.map((message) => (
        <OutboxItem key={message.id} message={message} />
      ))}
    </ol>
  );
}

function OutboxItem({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation('devtools');
  const code = message.channel === 'sms' ? codeOf(message.body) : null;
  return (
    <li className="outbox-message" data-testid="outbox-message" data-channel={message.channel}>
      <p className="outbox-message__meta">
        <span className="outbox-message__channel">{t(`outbox.channel.${message.channel}`)}</span>{' '}
        <span data-testid="outbox-recipient">{message.recipient}</span>{' '}
        <time dateTime={message.created_at}>{formatDateTimeSeconds(message.created_at)}</time>
      </p>
      {message.subject && <p className="outbox-message__subject">{message.subject}</p>}
      {code && (
        <p className="outbox-message__code">
          {t('outbox.code')} <strong data-testid="outbox-code">{code}</strong>
        </p>
      )}
      <MessageText body={message.body} />
    </li>
  );
}
