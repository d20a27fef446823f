import { useEffect, useMemo } from 'react';
import { useCalculatorStore } from '@/stores/calculator';
import { useTariffKind, useTariffs } from '../api/tariffs';
import { applyTariffsAnswer } from '../lib/calculator-actions';
import { currentTariff, insurancesOf, tariffsOf } from '../lib/calculator';

/** Loads the tariff that fits the client and puts it into the calculator. */
export function useCalculatorTariffs() {
  const tariffs = useTariffs(useTariffKind());
  useEffect(() => {
    if (tariffs.data) applyTariffsAnswer(tariffs.data);
  }, [tariffs.data]);
  return tariffs;
}

/** The calculator state with its tariffs and insurances read back typed. */
export function useCalculator() {
  const state = useCalculatorStore();
  const tariffs = useMemo(() => tariffsOf(state), [state]);
  const insurances = useMemo(() => insurancesOf(state), [state]);
  const tariff = useMemo(() => currentTariff(state), [state]);
  return { state, tariffs, insurances, tariff };
}
