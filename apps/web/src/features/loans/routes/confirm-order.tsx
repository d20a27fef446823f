import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUS, type Order } from '@zaymo/contract';
import { useContractDocuments } from '../api/documents';
import { ContractDocuments } from '../components/contract-documents';
import { DebtLoadNotice } from '../components/debt-load-notice';
import { LoadFailed, Loading } from '../components/load-failed';
import { OrderPage } from '../components/order-page';
import { OrderTerms } from '../components/order-terms';
import { PayoutMethodChoice } from '../components/payout-method';
import { SignActions } from '../components/sign-actions';
import { useOrderStep } from '../hooks/use-order-step';

const APPROVED = [ORDER_STATUS.APPROVED] as const;

/**
 * /profile/confirmOrder: the approved terms, the debt-load notice when the ПДН is above 50 %, the
 * contract documents, sign or decline.
 */
export function ConfirmOrderScreen() {
  const step = useOrderStep(APPROVED);
  return (
    <OrderPage titleKey="confirmOrder" state={step}>
      {step.order && <ConfirmOrder order={step.order} />}
    </OrderPage>
  );
}

function ConfirmOrder({ order }: { order: Order }) {
  const { t } = useTranslation('loans');
  const documents = useContractDocuments(order.id);
  const [acknowledged, setAcknowledged] = useState(false);
  const noticeRead = !order.debt_load_notice || acknowledged;
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  const toggle = (link: string, checked: boolean) =>
    setUnchecked((current) => {
      const next = new Set(current);
      if (checked) next.delete(link);
      else next.add(link);
      return next;
    });
  return (
    <div className="loan-confirm">
      <p className="loan-page__lead">{t('confirm.lead')}</p>
      {order.contract_number && (
        <p className="loan-page__hint">{t('terms.contract', { number: order.contract_number })}</p>
      )}
      {order.debt_load_notice && (
        <DebtLoadNotice
          notice={order.debt_load_notice}
          document={documents.data?.find((item) => item.link.includes('debt_load_notice'))}
          acknowledged={acknowledged}
          onAcknowledge={setAcknowledged}
        />
      )}
      <OrderTerms order={order} />
      {documents.isPending && <Loading text={t('preorder.loading')} />}
      {documents.isError && (
        <LoadFailed text={t('preorder.loadFailed')} onRetry={() => void documents.refetch()} />
      )}
      {documents.data && (
        <ContractDocuments documents={documents.data} unchecked={unchecked} onToggle={toggle} />
      )}
      <PayoutMethodChoice order={order} />
      <SignActions
        orderId={order.id}
        canSign={Boolean(documents.data) && unchecked.size === 0 && noticeRead}
        {...(noticeRead ? {} : { blockedReason: t('debtLoad.required') })}
      />
    </div>
  );
}
