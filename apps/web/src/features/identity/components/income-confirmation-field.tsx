import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { INCOME_CONFIRMATIONS, type workStepSchema } from '@zaymo/contract';
import type { z } from 'zod';
import { Field } from '@/components/ui/field';

/**
 * How the income can be confirmed: from 01.01.2026 ПДН counts an unconfirmed income at most the
 * region's average (Указание Банка России 6579-У), so the client is asked.
 */
export function IncomeConfirmationField() {
  const { t } = useTranslation('identity');
  const form = useFormContext<z.input<typeof workStepSchema>>();
  const error = form.formState.errors.income_confirmation?.message;
  return (
    <Field label={t('work.confirmation')} hint={t('work.confirmationHint')} error={error}>
      {(control) => (
        <select
          {...control}
          {...form.register('income_confirmation')}
          className="ui-input identity-select"
        >
          {INCOME_CONFIRMATIONS.map((way) => (
            <option key={way} value={way}>
              {t(`work.confirmations.${way}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
