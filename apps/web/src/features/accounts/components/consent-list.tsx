import { useTranslation } from 'react-i18next';
import type { Consent } from '@zaymo/contract';

type ConsentListProps = {
  consents: Consent[];
  ticked: ReadonlySet<string>;
  onChange: (code: string, ticked: boolean) => void;
};

/**
 * Each consent is its own checkbox with a link to its document (152-FZ: the personal-data
 * consent is never bundled with the others); required ones are marked.
 */
export function ConsentList({ consents, ticked, onChange }: ConsentListProps) {
  const { t } = useTranslation('accounts');
  return (
    <fieldset className="accounts-consents">
      <legend className="ui-field__label">{t('consents.legend')}</legend>
      {consents.map((consent) => (
        <ConsentBox
          key={consent.code}
          consent={consent}
          checked={ticked.has(consent.code)}
          onChange={(checked) => onChange(consent.code, checked)}
        />
      ))}
    </fieldset>
  );
}

type ConsentBoxProps = {
  consent: Consent;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

function ConsentBox({ consent, checked, onChange }: ConsentBoxProps) {
  const { t } = useTranslation('accounts');
  const id = `consent-${consent.code}`;
  return (
    <div className="accounts-consent">
      <input
        id={id}
        type="checkbox"
        className="accounts-consent__box"
        checked={checked}
        required={consent.required}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="accounts-consent__label">
        {consent.title}
        {consent.required && <RequiredMark />}
      </label>
      <a
        className="accounts-consent__link"
        href={consent.document_link}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('consents.documentFor', { title: consent.title })}
      >
        {t('consents.document')}
      </a>
    </div>
  );
}

function RequiredMark() {
  const { t } = useTranslation('accounts');
  return (
    <>
      <span className="accounts-consent__required" aria-hidden="true">
        {' *'}
      </span>
      <span className="visually-hidden">{` (${t('consents.required')})`}</span>
    </>
  );
}

/** True when every required consent is ticked. */
export function requiredConsentsTicked(consents: Consent[], ticked: ReadonlySet<string>): boolean {
  return consents.every((consent) => !consent.required || ticked.has(consent.code));
}
