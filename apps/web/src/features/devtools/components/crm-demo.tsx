import { useTranslation } from 'react-i18next';
import { useCrmDemo } from '../api/crm-demo';

/** The console's address is the cabinet's own, under /crm/ (the server serves both). */
export const CONSOLE_PATH = '/crm/';

/** «Консоль оператора»: the sandbox's demo admin, to try the console without an authenticator app. */
export function CrmDemo() {
  const { t } = useTranslation('devtools');
  const demo = useCrmDemo();
  return (
    <section className="dev-crm" aria-labelledby="dev-crm-title">
      <h2 id="dev-crm-title" className="outbox__title">
        {t('crm.title')}
      </h2>
      {demo.isError && <p className="outbox__empty">{t('crm.failed')}</p>}
      {demo.data && (
        <>
          <p>
            <a href={CONSOLE_PATH} target="_blank" rel="noopener">
              {t('crm.open')}
            </a>
          </p>
          <dl className="dev-crm__facts">
            <dt>{t('crm.login')}</dt>
            <dd>{demo.data.login}</dd>
            <dt>{t('crm.password')}</dt>
            <dd>{demo.data.password}</dd>
            <dt>{t('crm.code')}</dt>
            <dd className="outbox-message__code">
              <strong data-testid="crm-demo-code">{demo.data.current_code}</strong>
            </dd>
            <dt>{t('crm.secret')}</dt>
            <dd>{demo.data.totp_secret}</dd>
          </dl>
          <p className="outbox__empty">{t('crm.hint')}</p>
        </>
      )}
    </section>
  );
}
