import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanInsurance, Order } from '@zaymo/contract';
import { formatDate } from '@zaymo/web-kit';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessageOf } from '@/lib/error-notice';
import { notify } from '@/stores/notifications';
import { useSessionStore } from '@/stores/session';
import { useRefuseInsurance } from '../../api/orders';
import { openDocument } from '../../lib/open-document';
import { showMoney } from '../lib/money';

/**
 * The loan's insurance (353-ФЗ ст. 7 ч. 2.7): the premium withheld, and while the period runs
 * on the server's clock the refusal in two clicks — «Отказаться от страховки», then the
 * confirmation, since it cannot be undone. After it: the refund's state and the application.
 */
export function LoanInsuranceBlock({
  order,
  title,
}: {
  order: Order & { insurance: LoanInsurance };
  /** The heading when the loan is not the page's own («Страховка» by default). */
  title?: string;
}) {
  const { t } = useTranslation('servicing');
  const titleId = useId();
  const { insurance } = order;
  return (
    <section className="loan-insurance" aria-labelledby={titleId}>
      <h3 id={titleId} className="loan-insurance__title">
        {title ?? t('insurance.title')}
      </h3>
      <p>
        {t('insurance.chosen', {
          names: insurance.names.join('», «'),
          premium: showMoney(insurance.premium),
        })}
      </p>
      {insurance.refusal ? (
        <RefusalState orderId={order.id} refusal={insurance.refusal} />
      ) : insurance.refusable ? (
        <RefusalAction orderId={order.id} insurance={insurance} />
      ) : (
        <p>{t('insurance.ended', { date: formatDate(insurance.refusal_last_day) })}</p>
      )}
    </section>
  );
}

type Refusal = NonNullable<LoanInsurance['refusal']>;

function RefusalState({ orderId, refusal }: { orderId: number; refusal: Refusal }) {
  const { t } = useTranslation('servicing');
  const values = {
    amount: showMoney(refusal.amount),
    due: formatDate(refusal.refund_due_by),
    date: formatDate(refusal.refunded_on ?? refusal.applied_on),
  };
  return (
    <>
      <p role="status">
        {t('insurance.refused', { date: formatDate(refusal.applied_on) })}{' '}
        {t(`insurance.${refusal.refund_status}`, values)}
      </p>
      <Button
        variant="ghost"
        className="loan-servicing__documents"
        onClick={() =>
          void openDocument(
            `documents/file/insurance_refusal?order_id=${orderId}`,
            t('insurance.applicationFailed'),
          )
        }
      >
        {t('insurance.application')}
      </Button>
    </>
  );
}

function RefusalAction({ orderId, insurance }: { orderId: number; insurance: LoanInsurance }) {
  const { t } = useTranslation('servicing');
  const operator = useSessionStore((state) => state.admin);
  const [confirming, setConfirming] = useState(false);
  const refuse = useRefuseInsurance();
  const premium = showMoney(insurance.premium);
  const submit = () =>
    refuse.mutate(orderId, {
      onSuccess: () => notify({ message: t('insurance.done'), type: 'success' }),
    });
  return (
    <>
      <p>{t('insurance.until', { date: formatDate(insurance.refusal_last_day), premium })}</p>
      {refuse.isError && <p role="alert">{errorMessageOf(refuse.error)}</p>}
      {operator ? (
        <p className="loan-servicing__hint">{t('loan.operator')}</p>
      ) : confirming ? (
        <>
          <p>{t('insurance.confirmText', { premium, count: insurance.refund_working_days })}</p>
          <div className="loan-actions">
            <Button variant="secondary" onClick={submit} loading={refuse.isPending}>
              {t('insurance.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('insurance.keep')}
            </Button>
          </div>
        </>
      ) : (
        <div className="loan-actions">
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t('insurance.refuse')}
          </Button>
        </div>
      )}
    </>
  );
}

type Insured = Order & { insurance: LoanInsurance };

/** An insurance the client may still refuse, or has refused (the refund and the application). */
function refusableOrRefused(order: Order): order is Insured {
  return Boolean(order.insurance && (order.insurance.refusable || order.insurance.refusal));
}

/**
 * The insurances of the client's other loans (a loan repaid early, say) that may still be refused
 * or were: the right to refuse runs from the consent whatever became of the loan (353-ФЗ ст. 7
 * ч. 2.7), so each has its own block, with the refund's state and the application once refused.
 */
export function OtherLoanInsurances({
  orders,
  currentId,
}: {
  orders: readonly Order[];
  currentId: number | undefined;
}) {
  const { t } = useTranslation('servicing');
  const titleId = useId();
  const others = orders.filter((order) => order.id !== currentId).filter(refusableOrRefused);
  if (others.length === 0) return null;
  return (
    <Card className="loan-servicing" aria-labelledby={titleId}>
      <h2 id={titleId} className="loan-servicing__title">
        {t('insurance.otherLoans')}
      </h2>
      {others.map((order) => (
        <LoanInsuranceBlock
          key={order.id}
          order={order}
          title={t('insurance.ofContract', { number: order.contract_number ?? order.id })}
        />
      ))}
    </Card>
  );
}
