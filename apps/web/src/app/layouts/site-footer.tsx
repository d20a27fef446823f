import type { ReactNode } from 'react';
import type { CompanySettings } from '@zaymo/contract';
import { useTranslation } from 'react-i18next';
import { useBrand, useCompanySettings } from '@/hooks/use-company-settings';
import { useServerDateStore } from '@/stores/server-date';

/** Company details from the settings call; only the brand line when the call fails. */
export function SiteFooter() {
  const { t } = useTranslation('layout');
  const brand = useBrand();
  const { data, isError } = useCompanySettings();
  // The year of the server's today, once an answer has carried it: never the browser's clock,
  // nor the year the page was prerendered in.
  const year = useServerDateStore((state) => state.today?.slice(0, 4));
  return (
    <footer className="site-footer" aria-label={t('footer.label')} data-testid="site-footer">
      <div className="site-footer__inner">
        {data && <CompanyDetails settings={data} />}
        {isError && <p className="site-footer__muted">{t('footer.unavailable')}</p>}
        <p className="site-footer__muted">
          {year ? t('footer.rights', { year, brand }) : t('footer.rightsUndated', { brand })}
        </p>
      </div>
    </footer>
  );
}

function CompanyDetails({ settings }: { settings: CompanySettings }) {
  const { t } = useTranslation('layout');
  return (
    <div className="site-footer__details">
      <p className="site-footer__legal">{settings.legal_name}</p>
      <dl className="site-footer__list">
        <Detail term={t('footer.ogrn')} value={settings.ogrn} />
        <Detail term={t('footer.inn')} value={settings.inn} />
        <Detail term={t('footer.cbrRegisterEntry')} value={settings.cbr_register_entry} />
        <Detail term={t('footer.address')} value={settings.address} />
        <Detail term={t('footer.supportPhone')}>
          <a href={`tel:${settings.support_phone.replace(/[^\d+]/g, '')}`}>
            {settings.support_phone}
          </a>
        </Detail>
        <Detail term={t('footer.supportEmail')}>
          <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
        </Detail>
        <Detail term={t('footer.workingHours')} value={settings.working_hours} />
      </dl>
    </div>
  );
}

type DetailProps = { term: string; value?: string; children?: ReactNode };

function Detail({ term, value, children }: DetailProps) {
  return (
    <div className="site-footer__item">
      <dt>{term}</dt>
      <dd>{children ?? value}</dd>
    </div>
  );
}
