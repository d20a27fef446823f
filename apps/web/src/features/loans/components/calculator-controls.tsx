import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatMoney,
  kopecks,
  parseMoney,
  type RecurrencePeriod,
  type Tariff,
} from '@zaymo/contract';
import { formatPeriod } from '@/lib/i18n';
import type { CalculatorState } from '@/stores/calculator';
import { chooseTariff, setAmount, setPeriod } from '../lib/calculator-actions';
import { roublesInputText } from '../lib/format';
import { RangeField, type RangeCodec } from './range-field';

/** Slider values are whole kopecks as numbers: integers, never a float sum of money. */
const amountCodec: RangeCodec = {
  toInput: (value) => roublesInputText(kopecks(BigInt(value))),
  fromInput: (text) => {
    const value = parseMoney(text);
    return value === null ? null : Number(value);
  },
  format: (value) => formatMoney(kopecks(BigInt(value))),
};

function termCodec(period: RecurrencePeriod): RangeCodec {
  return {
    toInput: (value) => String(value),
    fromInput: (text) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null),
    format: (value) => formatPeriod(period, value),
  };
}

type CalculatorControlsProps = { state: CalculatorState; tariffs: Tariff[] };

/** Tariff (when there is a choice), amount and term. */
export function CalculatorControls({ state, tariffs }: CalculatorControlsProps) {
  const { t } = useTranslation('loans');
  const days = useMemo(() => termCodec(state.tariffPeriod), [state.tariffPeriod]);
  return (
    <div className="loan-calc__controls">
      {tariffs.length > 1 && <TariffChoice tariffs={tariffs} chosen={state.tariffId} />}
      <RangeField
        label={t('calculator.amount')}
        inputLabel={t('calculator.amountInput')}
        unit="₽"
        value={Number(state.amount)}
        min={Number(state.minSum)}
        max={Number(state.maxSum)}
        step={Number(state.amountStep)}
        codec={amountCodec}
        onChange={(value) => setAmount(kopecks(BigInt(value)))}
      />
      <RangeField
        label={t('calculator.term')}
        inputLabel={t('calculator.termInput')}
        unit={t('calculator.units.days')}
        value={state.period}
        min={state.minDate}
        max={state.maxDate}
        step={state.dateStep}
        codec={days}
        onChange={setPeriod}
      />
    </div>
  );
}

function TariffChoice({ tariffs, chosen }: { tariffs: Tariff[]; chosen: number | null }) {
  const { t } = useTranslation('loans');
  return (
    <fieldset className="loan-tariffs">
      <legend className="loan-calc__legend">{t('calculator.tariff')}</legend>
      {tariffs.map((tariff) => (
        <label key={tariff.id} className="loan-tariffs__option">
          <input
            type="radio"
            name="tariff"
            checked={tariff.id === chosen}
            onChange={() => chooseTariff(tariff.id)}
          />
          <span>{tariff.name}</span>
        </label>
      ))}
    </fieldset>
  );
}
