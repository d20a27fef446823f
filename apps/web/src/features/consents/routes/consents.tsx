import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientConsent } from '@zaymo/contract';
import { formatDateTime } from '@zaymo/web-kit';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { PageTitle } from '@/components/ui/page-title';
import { showErrorNotice } from '@/lib/error-notice';
import { useSessionStore } from '@/stores/session';
import { useClientConsents, useConsentAct } from '../api/consents';
import '../consents.css';

/**
 * /consents: each consent as its own document (152-FZ art. 9), with the edition given and when
 * (Moscow time); the optional ones can be withdrawn here, saying first what withdrawal stops.
 */
export function ConsentsScreen() {
  const { t } = useTranslation(['routes', 'consents']);
  return (
    <div className="consents-screen">
      <PageTitle>{t('routes:consents')}</PageTitle>
      <p className="consents-screen__lead">{t('consents:lead')}</p>
      <ConsentsBody />
    </div>
  );
}

function ConsentsBody() {
  const { t } = useTranslation('consents');
  const consents = useClientConsents();
  if (consents.isPending) {
    return (
      <Notice as="p" role="status">
        {t('loading')}
      </Notice>
    );
  }
  if (consents.isError) {
    return (
      <Notice tone="error" role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void consents.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  }
  return (
    <ul className="consents-list">
      {consents.data.map((consent) => (
        <li key={consent.code}>
          <ConsentCard consent={consent} />
        </li>
      ))}
    </ul>
  );
}

function ConsentCard({ consent }: { consent: ClientConsent }) {
  const { t } = useTranslation('consents');
  const titleId = useId();
  return (
    <Card className="consents-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="consents-card__title">
        {consent.title}
      </h2>
      <ConsentState consent={consent} />
      <p className="consents-card__effect">{consent.effect}</p>
      <div className="consents-card__actions">
        <a
          className="consents-card__link"
          href={consent.document_link}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={titleId}
        >
          {t('document', { version: consent.current_version })}
        </a>
        <ConsentAction consent={consent} describedBy={titleId} />
      </div>
    </Card>
  );
}

function ConsentState({ consent }: { consent: ClientConsent }) {
  const { t } = useTranslation('consents');
  const given = consent.given_at ? formatDateTime(consent.given_at) : '';
  const version = consent.given_version ?? '';
  const lines: string[] = [];
  if (consent.state === 'given') lines.push(t('state.given', { date: given, version }));
  if (consent.state === 'withdrawn') {
    lines.push(t('state.givenBefore', { date: given, version }));
    lines.push(t('state.withdrawn', { date: formatDateTime(consent.withdrawn_at ?? '') }));
  }
  if (consent.state === 'not_given') lines.push(t('state.notGiven'));
  if (consent.state === 'given' && consent.given_version !== consent.current_version) {
    lines.push(t('state.newEdition', { version: consent.current_version }));
  }
  return (
    <div className={`consents-card__state consents-card__state--${consent.state}`}>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

function ConsentAction({ consent, describedBy }: { consent: ClientConsent; describedBy: string }) {
  const { t } = useTranslation('consents');
  const admin = useSessionStore((state) => state.admin);
  const withdraw = useConsentAct('withdraw');
  const give = useConsentAct('give');
  if (admin) return null;
  const busy = withdraw.isPending || give.isPending;
  const run = (act: typeof withdraw) => {
    act.mutate(consent.code, { onError: (error) => showErrorNotice(error) });
  };
  if (consent.state === 'given' && consent.withdrawable) {
    return (
      <Button
        variant="secondary"
        disabled={busy}
        aria-describedby={describedBy}
        onClick={() => run(withdraw)}
      >
        {t('actions.withdraw')}
      </Button>
    );
  }
  const outdated = consent.state === 'given' && consent.given_version !== consent.current_version;
  if (consent.state === 'given' && !outdated) return null;
  if (consent.state !== 'given' && !consent.withdrawable && consent.state !== 'not_given') {
    return null;
  }
  return (
    <Button disabled={busy} aria-describedby={describedBy} onClick={() => run(give)}>
      {outdated ? t('actions.acceptEdition') : t('actions.give')}
    </Button>
  );
}
