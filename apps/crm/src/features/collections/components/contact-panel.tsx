import {
  CONTACT_CHANNELS,
  CONTACT_CHANNEL_TITLES,
  type ContactChannel,
  type CrmCollectionLoan,
} from '@zaymo/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button, ErrorText, SelectField } from '@/components/ui';
import { errorText } from '@/lib/error-text';
import { useLogContact } from '../api/collections';
import { NextMoment } from './next-moment';

const CHANNEL_OPTIONS = CONTACT_CHANNELS.map((channel) => ({
  value: channel,
  label: CONTACT_CHANNEL_TITLES[channel],
}));

/**
 * What the law allows now, by channel, and the form that records a contact: the server records
 * it only if 230-FZ allows it at that moment, or answers why not and from when.
 */
export function ContactPanel({ loan }: { loan: CrmCollectionLoan }) {
  const logContact = useLogContact(loan.loan.order_id);
  const [channel, setChannel] = useState<ContactChannel>('call');
  const [note, setNote] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const noteId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    logContact.mutate(
      { channel, note },
      {
        onSuccess: () => {
          setDone(`${CONTACT_CHANNEL_TITLES[channel]}: контакт записан`);
          setNote('');
        },
      },
    );
  };

  return (
    <>
      <ul className="channel-states" aria-label="Можно ли связаться сейчас">
        {loan.channels.map((state) => (
          <li key={state.channel} className={state.allowed ? 'rule--passed' : 'rule--failed'}>
            <strong>{CONTACT_CHANNEL_TITLES[state.channel]}</strong>
            {state.allowed ? (
              ' — можно сейчас'
            ) : (
              <>
                {' — нельзя: '}
                {state.reason}
                {state.next_allowed_at && (
                  <>
                    {'. Можно с '}
                    <NextMoment at={state.next_allowed_at} timeZones={loan.time_zones} />
                  </>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      <form onSubmit={submit} noValidate aria-label="Записать контакт">
        <fieldset disabled={logContact.isPending}>
          <SelectField
            label="Способ связи"
            options={CHANNEL_OPTIONS}
            value={channel}
            onChange={(event) => setChannel(event.target.value as ContactChannel)}
          />
          <div className="field">
            <label htmlFor={noteId}>Итог разговора или текст сообщения</label>
            <textarea
              id={noteId}
              rows={2}
              maxLength={1000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <Button type="submit" loading={logContact.isPending}>
            Записать контакт
          </Button>
        </fieldset>
      </form>
      {logContact.isError && <ErrorText>{errorText(logContact.error)}</ErrorText>}
      {done && (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      )}
    </>
  );
}
