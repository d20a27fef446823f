import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { showErrorNotice } from '@/lib/error-notice';
import { DATE_MASK, useInputMask } from '@zaymo/web-kit';
import { lookupLoan, type LoanpayLookup } from '../api/loanpay';
import { loanpayFormSchema } from '../lib/birth-date';

type Errors = Partial<Record<'contract_number' | 'birth_date', string>>;

/** Contract number + birth date → the loan found (with a pay token). */
export function LoanpayLookupForm({ onFound }: { onFound: (loan: LoanpayLookup) => void }) {
  const { t } = useTranslation('servicing');
  const maskRef = useInputMask(DATE_MASK);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = loanpayFormSchema.safeParse({
      contract_number: String(form.get('contract_number') ?? ''),
      birth_date: String(form.get('birth_date') ?? ''),
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'contract_number' || field === 'birth_date') found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onFound(await lookupLoan(parsed.data.contract_number, parsed.data.birth_date));
    } catch (error) {
      showErrorNotice(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="loan-servicing__panel" onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset disabled={busy} className="loan-servicing__fieldset">
        <Field
          label={t('loanpay.contract')}
          hint={t('loanpay.contractHint')}
          error={errors.contract_number}
        >
          {(control) => <Input {...control} name="contract_number" autoComplete="off" />}
        </Field>
        <Field
          label={t('loanpay.birthDate')}
          hint={t('loanpay.birthDateHint')}
          error={errors.birth_date}
        >
          {(control) => (
            <Input
              {...control}
              ref={maskRef}
              name="birth_date"
              inputMode="numeric"
              autoComplete="bday"
            />
          )}
        </Field>
        <Button type="submit" loading={busy}>
          {t('loanpay.find')}
        </Button>
      </fieldset>
    </form>
  );
}
