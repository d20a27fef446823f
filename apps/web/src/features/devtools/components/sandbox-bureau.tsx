import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@zaymo/web-kit';
import { useSandboxBureau } from '../api/bureau';

/**
 * «Бюро кредитных историй»: what the sandbox bureau answers by the words in the client's birth
 * place, and the credit-history events it has accepted (a repeat of an event counted once).
 */
export function SandboxBureau() {
  const { t } = useTranslation('devtools');
  const bureau = useSandboxBureau();
  return (
    <section className="dev-bureau" aria-labelledby="dev-bureau-title">
      <h2 id="dev-bureau-title" className="outbox__title">
        {t('bureau.title')}
      </h2>
      {bureau.isError && <p className="outbox__empty">{t('bureau.failed')}</p>}
      {bureau.data && (
        <>
          <p>{t('bureau.intro')}</p>
          <dl className="dev-crm__facts">
            {bureau.data.rules.map((rule) => (
              <div key={rule.words} className="dev-bureau__rule">
                <dt>
                  <code>{rule.words}</code>
                </dt>
                <dd>{rule.answer}</dd>
              </div>
            ))}
          </dl>
          <h3 className="dev-bureau__subtitle">{t('bureau.received')}</h3>
          {bureau.data.events.length === 0 ? (
            <p className="outbox__empty">{t('bureau.none')}</p>
          ) : (
            <ul className="outbox__list">
              {bureau.data.events.map((event) => (
                <li key={event.event_id} className="outbox-message" data-testid="bureau-event">
                  <p className="outbox-message__meta">
                    {formatDateTime(event.received_at)} · {t('bureau.event', { code: event.code })}
                    {event.times_received > 1 &&
                      ` · ${t('bureau.repeats', { times: event.times_received })}`}
                  </p>
                  <p>
                    {event.surname ?? '—'} · {event.figure ?? '—'} · {event.deal_uid}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
