import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PopupContentProps } from '@/components/popup/types';
import { useReadySignal } from '@/components/popup/use-ready-signal';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageOf } from '@/lib/error-notice';
import {
  isSmsCodeRequestPending,
  smsCodePopupDataSchema,
  submitSmsCode,
  type SmsCodePopupData,
} from '@/stores/sms-code';
import { oneShotKeys } from '../api/keys';
import { retryAfterOf, sendSmsCode } from '../api/sms';
import { CodeEntryForm } from '../components/code-entry-form';
import { PopupNotice } from '../components/popup-notice';
import '../accounts.css';

/**
 * The reusable code entry of requestSmsCode() (stores/sms-code): sends the code when it opens,
 * counts down to «send again», hands the entered code back to the requester.
 */
export function SmsCodePopup({ onReady, onClose, data, titleId }: PopupContentProps) {
  const { t } = useTranslation(['popups', 'accounts']);
  useReadySignal(onReady);
  const parsed = smsCodePopupDataSchema.safeParse(data);
  const request =
    parsed.success && isSmsCodeRequestPending(parsed.data.requestId) ? parsed.data : null;
  return (
    <div className="accounts-popup">
      <h2 id={titleId} className="popup__title">
        {request?.title ?? t('popups:titles.smsCode')}
      </h2>
      {request ? (
        <SmsCodeRequestBody request={request} />
      ) : (
        <PopupNotice onClose={onClose}>{t('accounts:smsPopup.stale')}</PopupNotice>
      )}
    </div>
  );
}

function SmsCodeRequestBody({ request }: { request: SmsCodePopupData }) {
  const { t } = useTranslation('accounts');
  const { requestId, purpose, phone, subject } = request;
  // A query keyed by the request: the code is sent once per request, even if effects re-run.
  const sending = useQuery({
    queryKey: oneShotKeys.detail(`sms:${requestId}`),
    queryFn: () => sendSmsCode(purpose, phone, subject),
    retry: false,
    staleTime: Infinity,
  });
  if (sending.isPending) {
    return (
      <div className="accounts-notice" role="status">
        <Spinner decorative />
        <p>{t('smsPopup.sending')}</p>
      </div>
    );
  }
  const retryAfter = sending.isError ? retryAfterOf(sending.error) : undefined;
  if (sending.isError && retryAfter === undefined) {
    return (
      <div className="accounts-notice" role="alert">
        <p>{errorMessageOf(sending.error) || t('smsPopup.failed')}</p>
        <Button variant="secondary" onClick={() => void sending.refetch()}>
          {t('code.resendNow')}
        </Button>
      </div>
    );
  }
  return (
    <>
      {sending.isError && <p role="alert">{errorMessageOf(sending.error)}</p>}
      {!phone && <p className="accounts-lead">{t('smsPopup.sentToOwnPhone')}</p>}
      <CodeEntryForm
        phone={phone}
        resendAfter={sending.data?.resendAfter ?? retryAfter ?? 0}
        onResend={async () => (await sendSmsCode(purpose, phone, subject)).resendAfter}
        onSubmit={(code) => submitSmsCode(requestId, code)}
        submitLabel={t('smsPopup.submit')}
      />
    </>
  );
}
