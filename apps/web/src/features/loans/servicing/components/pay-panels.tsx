import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanBalance } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { showErrorNotice } from '@/lib/error-notice';
import { usePaymentSystemIds, type PayLoanRequest } from '../api/servicing';
import { announcePayment, useLoanPayment } from '../api/use-loan-payment';
import { checkPartAmount } from '../lib/part-amount';
import { moneyOf, showMoney } from '../lib/money';
import { PaymentMethodPicker, usePaymentMethodChoice } from './payment-method';

export type PanelProps = { contract: string; balance: LoanBalance; onDone: () => void };
type PaymentDetails = Omit<PayLoanRequest, 'contract' | 'cardId' | 'paymentSystemId'>;

/** One payment of the loan by the chosen method; the outcome as a toast (or the gateway page). */
export function usePayWithMethod(contract: string, onDone: () => void) {
  const systemIds = usePaymentSystemIds();
  const method = usePaymentMethodChoice(systemIds.data?.sbp != null);
  const { pay, paying } = useLoanPayment();
  const sbp = method.choice === 'sbp';
  const paymentSystemId = (sbp ? systemIds.data?.sbp : systemIds.data?.card) ?? null;
  const send = async (details: PaymentDetails) => {
    if (paymentSystemId === null) throw new Error('Нет способа оплаты');
    const cardId = method.choice === 'sbp' ? null : method.choice;
    const answer = await pay({ ...details, contract, cardId, paymentSystemId });
    announcePayment(answer);
    if (answer.status !== 'declined') onDone();
  };
  const submit = (details: PaymentDetails) => send(details).catch(showErrorNotice);
  return {
    method,
    send,
    submit,
    paying,
    ready: paymentSystemId !== null,
    unavailable: systemIds.isSuccess && paymentSystemId === null,
  };
}

function Unavailable({ shown }: { shown: boolean }) {
  const { t } = useTranslation('servicing');
  return shown ? <p className="loan-servicing__hint">{t('method.unavailable')}</p> : null;
}

export function FullPaymentPanel({ contract, balance, onDone }: PanelProps) {
  const { t } = useTranslation('servicing');
  const { method, submit, paying, ready, unavailable } = usePayWithMethod(contract, onDone);
  return (
    <div className="loan-servicing__panel">
      <PaymentMethodPicker {...method} />
      <Unavailable shown={unavailable} />
      <Button loading={paying} disabled={!ready} onClick={() => void submit({ type: 'full' })}>
        {t('full.confirm', { sum: showMoney(balance.total) })}
      </Button>
    </div>
  );
}

export function PartPaymentPanel({ contract, balance, onDone }: PanelProps) {
  const { t } = useTranslation('servicing');
  const { method, submit, paying, ready, unavailable } = usePayWithMethod(contract, onDone);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const total = showMoney(balance.total);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPartAmount(text, moneyOf(balance.total));
    if (!checked.ok) {
      setError(t(`part.errors.${checked.error}`, { total }));
      return;
    }
    setError(undefined);
    void submit({ type: 'part', amount: checked.amount });
  };
  return (
    <form className="loan-servicing__panel" onSubmit={onSubmit} noValidate>
      <fieldset disabled={paying} className="loan-servicing__fieldset">
        <Field label={t('part.amount')} hint={t('part.hint', { total })} error={error}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        <PaymentMethodPicker {...method} />
        <Unavailable shown={unavailable} />
        <Button type="submit" loading={paying} disabled={!ready}>
          {t('part.pay')}
        </Button>
      </fieldset>
    </form>
  );
}
