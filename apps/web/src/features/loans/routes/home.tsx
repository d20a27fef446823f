import { useTranslation } from 'react-i18next';
import { HydrationUnit } from '@/components/hydration-unit';
import { PageTitle } from '@/components/ui/page-title';
import { HowItWorks } from '../components/how-it-works';
import { LegalNote } from '../components/legal-note';
import { LoanCalculator } from '../components/loan-calculator';
import { OrderInProgress } from '../components/order-in-progress';
import { TariffFacts } from '../components/tariff-facts';
import '../loans.css';

const PERKS = ['fast', 'card', 'online'] as const;

/** /: the pitch, the calculator, how it works and the legal line. */
export function HomeScreen() {
  const { t } = useTranslation(['routes', 'loans']);
  return (
    <div className="loan-home">
      <div className="loan-home__hero">
        <HydrationUnit>
          <div className="loan-home__intro">
            <PageTitle>{t('routes:home')}</PageTitle>
            <p className="loan-home__lead">{t('loans:home.lead')}</p>
            <ul className="loan-home__perks">
              {PERKS.map((perk) => (
                <li key={perk}>{t(`loans:home.perks.${perk}`)}</li>
              ))}
            </ul>
            <OrderInProgress />
            <TariffFacts />
          </div>
        </HydrationUnit>
        <HydrationUnit>
          <LoanCalculator />
        </HydrationUnit>
      </div>
      <HydrationUnit>
        <HowItWorks />
      </HydrationUnit>
      <LegalNote />
    </div>
  );
}
