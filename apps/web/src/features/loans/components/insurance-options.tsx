import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney, kopecks } from '@zaymo/contract';
import { setInsuranceChecked } from '../lib/calculator-actions';
import type { SelectableInsurance } from '../lib/calculator';

/** Opt-in insurances: never ticked for the client; each with its price. */
export function InsuranceOptions({ insurances }: { insurances: SelectableInsurance[] }) {
  const { t } = useTranslation('loans');
  const hintId = useId();
  if (insurances.length === 0) return null;
  return (
    <fieldset className="loan-insurances" aria-describedby={hintId}>
      <legend className="loan-calc__legend">{t('calculator.insurances')}</legend>
      <p id={hintId} className="loan-calc__hint">
        {t('calculator.insurancesHint')}
      </p>
      {insurances.map((insurance) => (
        <InsuranceOption key={insurance.id} insurance={insurance} />
      ))}
    </fieldset>
  );
}

function InsuranceOption({ insurance }: { insurance: SelectableInsurance }) {
  const { t } = useTranslation('loans');
  const descriptionId = useId();
  const price = formatMoney(parseMoney(insurance.price) ?? kopecks(0n));
  return (
    <label className="loan-check">
      <input
        type="checkbox"
        checked={insurance.checked}
        aria-describedby={insurance.description ? descriptionId : undefined}
        onChange={(event) => setInsuranceChecked(insurance.id, event.target.checked)}
      />
      <span>
        <span className="loan-check__label">
          {t('calculator.insurancePrice', { name: insurance.name, price })}
        </span>
        {insurance.description && (
          <span id={descriptionId} className="loan-check__hint">
            {insurance.description}
          </span>
        )}
      </span>
    </label>
  );
}
