import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { useAnswerAfterHydration } from '@/hooks/use-hydrated';
import { formatDate } from '@zaymo/web-kit';
import { useSessionStore } from '@/stores/session';
import { useMoratorium } from '../api/refusal';
import { useCalculator, useCalculatorTariffs } from '../hooks/use-calculator';
import { insuranceTotal, quoteChoice } from '../lib/calculator';
import { CalculatorControls } from './calculator-controls';
import { GetMoney } from './get-money';
import { InsuranceOptions } from './insurance-options';
import { LoadFailed, Loading } from './load-failed';
import { LoanSummary } from './loan-summary';

/** The calculator card of the home page: tariff limits, live quote, «Получить деньги». */
export function LoanCalculator() {
  const { t } = useTranslation('loans');
  const tariffsQuery = useCalculatorTariffs();
  const answer = useAnswerAfterHydration(tariffsQuery);
  const { state, tariffs, insurances, tariff } = useCalculator();
  const today = answer.data?.today;
  const quote = tariff && today && quoteChoice(tariff, state.amount, state.period, today);
  const failed = answer.isError || answer.data?.tariffs.length === 0;
  return (
    <Card className="loan-calc" aria-labelledby="loan-calc-title">
      <h2 id="loan-calc-title" className="loan-calc__title">
        {t('calculator.title')}
      </h2>
      {failed ? (
        <LoadFailed text={t('calculator.loadFailed')} onRetry={() => void tariffsQuery.refetch()} />
      ) : !tariff || !answer.data ? (
        <Loading text={t('calculator.loading')} />
      ) : (
        <>
          <MoratoriumNotice />
          <CalculatorControls state={state} tariffs={tariffs} />
          <InsuranceOptions insurances={insurances} />
          {quote && <LoanSummary quote={quote} insurance={insuranceTotal(insurances)} />}
          <GetMoney />
        </>
      )}
    </Card>
  );
}

/** A refused client learns before filling anything in when a new application is accepted. */
function MoratoriumNotice() {
  const { t } = useTranslation('loans');
  const signedIn = useSessionStore((state) => state.token !== null);
  const moratorium = useMoratorium({ enabled: signedIn });
  const endDate = moratorium.data?.end_date;
  if (!signedIn || moratorium.data?.status !== false || !endDate) return null;
  return (
    <p className="loan-calc__moratorium" data-testid="calculator-moratorium">
      {t('decline.moratorium', { date: formatDate(endDate) })}
    </p>
  );
}
