import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OperatorHint, useOperatorMode } from '@/components/client-only';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/config/paths';
import { showErrorNotice } from '@/lib/error-notice';
import { notify } from '@/stores/notifications';
import { requestSmsCode, SmsCodeCancelledError } from '@/stores/sms-code';
import { ordersKeys } from '../api/keys';
import { useRejectOrder, verifyOrder } from '../api/orders';

type SignActionsProps = {
  orderId: number;
  canSign: boolean;
  /** Why signing waits, when it is not the documents' ticks. */
  blockedReason?: string;
};

/** «Подписать» with the SMS code of purpose `sign`, and «Отказаться от займа» with a question. */
export function SignActions({ orderId, canSign, blockedReason }: SignActionsProps) {
  const { t } = useTranslation('loans');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const operator = useOperatorMode();
  const hintId = useId();
  const [signing, setSigning] = useState(false);
  const [asking, setAsking] = useState(false);
  const sign = async () => {
    setSigning(true);
    try {
      await requestSmsCode({
        purpose: 'sign',
        subject: { orderId },
        title: t('confirm.smsTitle'),
        verify: (code) => verifyOrder(orderId, code),
      });
      await queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      void navigate(ROUTES.sendingMoney.path);
    } catch (error) {
      if (!(error instanceof SmsCodeCancelledError)) showErrorNotice(error);
    } finally {
      setSigning(false);
    }
  };
  // Signing and refusing are the client's own decisions: no buttons for an operator.
  if (operator) return <OperatorHint hint={t('confirm.operator')} />;
  const hint = canSign ? null : (blockedReason ?? t('confirm.documentsRequired'));
  if (asking) return <RejectQuestion orderId={orderId} onCancel={() => setAsking(false)} />;
  return (
    <div className="loan-sign">
      {hint && (
        <p id={hintId} className="loan-page__hint">
          {hint}
        </p>
      )}
      <div className="loan-actions">
        <Button
          loading={signing}
          disabled={!canSign}
          aria-describedby={hint ? hintId : undefined}
          onClick={() => void sign()}
        >
          {t('confirm.sign')}
        </Button>
        <Button variant="ghost" onClick={() => setAsking(true)}>
          {t('confirm.reject')}
        </Button>
      </div>
    </div>
  );
}

function RejectQuestion({ orderId, onCancel }: { orderId: number; onCancel: () => void }) {
  const { t } = useTranslation('loans');
  const navigate = useNavigate();
  const reject = useRejectOrder();
  const questionId = useId();
  const onReject = () =>
    reject.mutate(orderId, {
      onSuccess: () => {
        notify({ message: t('confirm.rejected'), type: 'success' });
        void navigate(ROUTES.home.path, { replace: true });
      },
      onError: (error) => showErrorNotice(error),
    });
  return (
    <div className="loan-reject" role="group" aria-labelledby={questionId}>
      <p id={questionId} className="loan-reject__question">
        {t('confirm.rejectQuestion')}
      </p>
      <div className="loan-actions">
        <Button variant="secondary" loading={reject.isPending} onClick={onReject}>
          {t('confirm.rejectYes')}
        </Button>
        <Button variant="ghost" disabled={reject.isPending} onClick={onCancel} autoFocus>
          {t('confirm.rejectNo')}
        </Button>
      </div>
    </div>
  );
}
