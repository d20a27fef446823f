import { useState } from 'react';
import { ErrorNotice, Loading } from '@/components/ui';
import { ROUTES } from '@/config/paths';
import { useTitle } from '@/lib/use-title';
import { useSettings } from '../api/settings';
import {
  BureauWaitPanel,
  InsurancesPanel,
  MoratoriumPanel,
  PartnersPanel,
  TariffsPanel,
} from '../components/panels';

const TABS = [
  { id: 'tariffs', title: 'Тарифы' },
  { id: 'insurances', title: 'Страховки' },
  { id: 'partners', title: 'Партнёры' },
  { id: 'moratorium', title: 'Мораторий' },
  { id: 'bureau', title: 'Бюро не отвечает' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/**
 * «Настройки» (admin, part 7): tariffs, insurances, showcase partners, the moratorium, and what
 * happens when the credit bureau does not answer; each versioned.
 */
export function SettingsScreen() {
  useTitle(ROUTES.settings.title);
  const settings = useSettings();
  const [tab, setTab] = useState<Tab>('tariffs');
  return (
    <div className="screen">
      <h1>Настройки</h1>
      <div className="actions settings-tabs" role="group" aria-label="Разделы настроек">
        {TABS.map((item) => (
          <button
            key={item.id}
            type="button"
            className={`button button--${item.id === tab ? 'primary' : 'secondary'}`}
            aria-pressed={item.id === tab}
            onClick={() => setTab(item.id)}
          >
            {item.title}
          </button>
        ))}
      </div>
      {settings.isPending && <Loading />}
      {settings.isError && (
        <ErrorNotice error={settings.error} onRetry={() => void settings.refetch()} />
      )}
      {settings.data && (
        <section aria-label={`Раздел «${TABS.find((item) => item.id === tab)?.title ?? ''}»`}>
          {tab === 'tariffs' && <TariffsPanel tariffs={settings.data.tariffs} />}
          {tab === 'insurances' && <InsurancesPanel insurances={settings.data.insurances} />}
          {tab === 'partners' && (
            <PartnersPanel partners={settings.data.partners} rules={settings.data.showcase_rules} />
          )}
          {tab === 'moratorium' && <MoratoriumPanel days={settings.data.moratorium_days} />}
          {tab === 'bureau' && <BureauWaitPanel wait={settings.data.bureau_wait} />}
        </section>
      )}
    </div>
  );
}
