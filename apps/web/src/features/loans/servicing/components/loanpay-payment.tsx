import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { showErrorNotice } from '@/lib/error-notice';
import { formatDate } from '@zaymo/web-kit';
import { GUEST_CARD_PAYMENT_SYSTEM_ID, rememberPayToken, type LoanpayLookup } from '../api/loanpay';
import { announcePayment, useLoanPayment } from '../api/use-loan-payment';
import { moneyOf, showMoney } from '../lib/money';
import { checkPartAmount } from '../lib/part-amount';
import { SbpPaymentPanel } from './sbp-payment';

type Kind = 'full' | 'part';
type Method = 'card' | 'sbp';

/** The СБП payment method (id 2 of GET /payment_system/payment). */
const GUEST_SBP_PAYMENT_SYSTEM_ID = 2;

/** The sum due today and «Оплатить» (all of it or a part) through the gateway's page. */
export function LoanpayPayment({ loan, onBack }: { loan: LoanpayLookup; onBack: () => void }) {
  const { t } = useTranslation('servicing');
  const { pay, paying } = useLoanPayment();
  const [kind, setKind] = useState<Kind>('full');
  const [method, setMethod] = useState<Method>('card');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const balance = loan.balance;
  const total = showMoney(balance.total);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = kind === 'part' ? checkPartAmount(text, moneyOf(balance.total)) : null;
    if (checked && !checked.ok) return setError(t(`part.errors.${checked.error}`, { total }));
    setError(undefined);
    try {
      rememberPayToken(loan.pay_token);
      const answer = await pay({
        contract: loan.contract_number,
        type: kind,
        cardId: null,
        paymentSystemId:
          method === 'sbp' ? GUEST_SBP_PAYMENT_SYSTEM_ID : GUEST_CARD_PAYMENT_SYSTEM_ID,
        payToken: loan.pay_token,
        ...(checked?.ok ? { amount: checked.amount } : {}),
      });
      announcePayment(answer, loan.pay_token);
    } catch (failure) {
      showErrorNotice(failure);
    }
  };
  return (
    <>
      <form className="loan-servicing__panel" onSubmit={(event) => void onSubmit(event)} noValidate>
        <dl className="loan-terms__list">
          <div>
            <dt>{t('loanpay.due')}</dt>
            <dd data-testid="loanpay-due">{total}</dd>
          </div>
          <div>
            <dt>{t('loanpay.dueDate')}</dt>
            <dd>{loan.due_date ? formatDate(loan.due_date) : '—'}</dd>
          </div>
        </dl>
        <fieldset disabled={paying} className="loan-servicing__fieldset">
          <fieldset className="loan-servicing__choices">
            <legend>{t('loanpay.kindLegend')}</legend>
            {(['full', 'part'] as const).map((value) => (
              <label key={value} className="loan-servicing__choice">
                <input
                  type="radio"
                  name="loanpay-kind"
                  checked={kind === value}
                  onChange={() => setKind(value)}
                />
                {value === 'full' ? t('loanpay.kindFull') : t('loanpay.kindPart')}
              </label>
            ))}
          </fieldset>
          {kind === 'part' && (
            <Field label={t('part.amount')} hint={t('part.hint', { total })} error={error}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                />
              )}
            </Field>
          )}
          <fieldset className="loan-servicing__choices">
            <legend>{t('method.legend')}</legend>
            {(['card', 'sbp'] as const).map((value) => (
              <label key={value} className="loan-servicing__choice">
                <input
                  type="radio"
                  name="loanpay-method"
                  checked={method === value}
                  onChange={() => setMethod(value)}
                />
                {value === 'card' ? t('loanpay.methodCard') : t('method.sbp')}
              </label>
            ))}
          </fieldset>
          <div className="loan-actions">
            <Button type="submit" loading={paying}>
              {t('loanpay.pay')}
            </Button>
            <Button variant="ghost" onClick={onBack}>
              {t('loanpay.other')}
            </Button>
          </div>
        </fieldset>
      </form>
      <SbpPaymentPanel />
    </>
  );
}
