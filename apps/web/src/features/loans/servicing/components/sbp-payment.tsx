import { useEffect, useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { BREAKPOINTS, minWidthQuery } from '@/config/breakpoints';
import { useMediaQuery } from '@/hooks/use-media-query';
import { notify } from '@/stores/notifications';
import { usePaymentResult } from '../api/loanpay';
import { refreshLoanData } from '../api/use-loan-payment';
import { useSbpPaymentStore } from '../lib/sbp-payment';

/**
 * A payment by the СБП: on a desktop the QR code to scan with the phone's camera, on a phone the
 * link that opens the bank's app. The payment's status is asked every few seconds until the bank
 * answers; the answer is a toast and the loan's data is refreshed.
 */
export function SbpPaymentPanel() {
  const payment = useSbpPaymentStore((state) => state.payment);
  const close = useSbpPaymentStore((state) => state.close);
  if (!payment) return null;
  return <SbpPaymentView key={payment.order_id} {...payment} onClose={close} />;
}

function SbpPaymentView(props: {
  order_id: string;
  link: string;
  qr_svg: string;
  payToken: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('servicing');
  const titleId = useId();
  const queryClient = useQueryClient();
  const desktop = useMediaQuery(minWidthQuery(BREAKPOINTS.toastsAside));
  const result = usePaymentResult({ id: props.order_id }, props.payToken);
  const status = result.data?.status;
  const { onClose } = props;
  useEffect(() => {
    if (status !== 'approved' && status !== 'declined') return;
    notify({
      message: result.data?.message || t(`result.${status}`),
      type: status === 'approved' ? 'success' : 'error',
    });
    void refreshLoanData(queryClient);
    onClose();
  }, [status, result.data?.message, queryClient, onClose, t]);
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(props.qr_svg)}`;
  return (
    <section className="loan-sbp" aria-labelledby={titleId}>
      <h2 id={titleId} className="loan-sbp__title">
        {t('sbp.title')}
      </h2>
      {desktop ? (
        <>
          <img className="loan-sbp__qr" src={qr} alt={t('sbp.qrAlt')} width={220} height={220} />
          <p className="loan-sbp__hint">{t('sbp.scan')}</p>
        </>
      ) : (
        <p className="loan-sbp__hint">{t('sbp.openApp')}</p>
      )}
      <a
        className={desktop ? 'loan-sbp__link' : 'ui-button ui-button--primary'}
        href={props.link}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('sbp.link')}
      </a>
      <p className="loan-sbp__status" role="status">
        {result.isError ? t('sbp.statusFailed') : t('sbp.waiting')}
      </p>
      <Button variant="ghost" onClick={onClose}>
        {t('sbp.close')}
      </Button>
    </section>
  );
}
