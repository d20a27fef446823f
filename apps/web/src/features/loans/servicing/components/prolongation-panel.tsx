import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { showErrorNotice } from '@/lib/error-notice';
import { formatPeriod } from '@/lib/i18n';
import { requestSmsCode, SmsCodeCancelledError } from '@/stores/sms-code';
import { formatDate } from '@zaymo/web-kit';
import { LoadFailed, Loading } from '../../components/load-failed';
import { openDocument } from '../../lib/open-document';
import { useProlongationOptions, type ProlongationOption } from '../api/servicing';
import { moneyOf, showMoney } from '../lib/money';
import type { PanelProps } from './pay-panels';
import { usePayWithMethod } from './pay-panels';
import { PaymentMethodPicker } from './payment-method';

/** The document kind the client agrees to by signing a prolongation. */
export const PROLONGATION_AGREEMENT = 'prolongation_agreement';

type ProlongationPanelProps = Omit<PanelProps, 'balance'> & { orderId: number };

/** Options from the server → a term → its price and new due date → the SMS code → the payment. */
export function ProlongationPanel({ orderId, contract, onDone }: ProlongationPanelProps) {
  const { t } = useTranslation('servicing');
  const options = useProlongationOptions(orderId);
  const [days, setDays] = useState<number | null>(null);
  if (options.isPending) return <Loading text={t('prolong.loading')} />;
  if (options.isError)
    return <LoadFailed text={t('prolong.failed')} onRetry={() => void options.refetch()} />;
  // Nothing accrued yet (the day of the payout, or all interest paid): nothing to prolong for.
  const offered = options.data.filter((option) => moneyOf(option.price) > 0n);
  if (offered.length === 0) return <p className="loan-servicing__hint">{t('prolong.none')}</p>;
  const chosen = offered.find((option) => option.days === days) ?? offered[0];
  return (
    <div className="loan-servicing__panel">
      <fieldset className="loan-servicing__choices">
        <legend>{t('prolong.legend')}</legend>
        {offered.map((option) => (
          <label key={option.days} className="loan-servicing__choice">
            <input
              type="radio"
              name="prolongation-days"
              checked={option.days === chosen?.days}
              onChange={() => setDays(option.days)}
            />
            {formatPeriod('Daily', option.days)}
          </label>
        ))}
      </fieldset>
      {chosen && (
        <ProlongationTerms orderId={orderId} option={chosen} contract={contract} onDone={onDone} />
      )}
    </div>
  );
}

type TermsProps = {
  orderId: number;
  option: ProlongationOption;
  contract: string;
  onDone: () => void;
};

function ProlongationTerms({ orderId, option, contract, onDone }: TermsProps) {
  const { t } = useTranslation('servicing');
  const { method, send, paying, ready } = usePayWithMethod(contract, onDone);
  const [signing, setSigning] = useState(false);
  const prolong = async () => {
    setSigning(true);
    try {
      await requestSmsCode({
        purpose: 'sign',
        subject: { orderId, prolongation: option.days },
        title: t('prolong.smsTitle'),
        verify: (code) =>
          send({
            type: 'prolongation',
            prolongation: option.days,
            aspCode: code,
            documentAgreements: PROLONGATION_AGREEMENT,
          }),
      });
    } catch (error) {
      if (!(error instanceof SmsCodeCancelledError)) showErrorNotice(error);
    } finally {
      setSigning(false);
    }
  };
  return (
    <>
      <dl className="loan-terms__list">
        <div>
          <dt>{t('prolong.price')}</dt>
          <dd>{showMoney(option.price)}</dd>
        </div>
        <div>
          <dt>{t('prolong.newDueDate')}</dt>
          <dd>{formatDate(option.new_due_date)}</dd>
        </div>
      </dl>
      <p className="loan-servicing__hint">{t('prolong.hint')}</p>
      <Button
        variant="ghost"
        className="loan-servicing__documents"
        onClick={() =>
          void openDocument(
            `/loans/${orderId}/prolongation/agreement?days=${option.days}`,
            t('prolong.agreementFailed'),
          )
        }
      >
        {t('prolong.agreement')}
      </Button>
      <PaymentMethodPicker {...method} />
      <Button loading={signing || paying} disabled={!ready} onClick={() => void prolong()}>
        {t('prolong.confirm', { sum: showMoney(option.price) })}
      </Button>
    </>
  );
}
