import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cssTransition, toast, ToastContainer, type CloseButtonProps } from 'react-toastify';
import { TOAST_DEFAULT_TIMEOUT_MS } from '@zaymo/contract';
import { BREAKPOINTS, minWidthQuery } from '@/config/breakpoints';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useNotificationsStore, type AppNotification } from '@/stores/notifications';
import './notifications.css';

const fadeLeftRight = cssTransition({
  enter: 'toast-fade-in-left',
  exit: 'toast-fade-out-right',
});

/** Toasts for the notifications store (spec §2, §4). */
export function NotificationHost() {
  const { t } = useTranslation();
  const wide = useMediaQuery(minWidthQuery(BREAKPOINTS.toastsAside));
  useShowNewNotifications();
  return (
    <ToastContainer
      position={wide ? 'top-right' : 'top-center'}
      transition={fadeLeftRight}
      autoClose={TOAST_DEFAULT_TIMEOUT_MS}
      hideProgressBar
      closeButton={CloseToastButton}
      closeOnClick={false}
      draggable
      pauseOnHover
      theme="colored"
      aria-label={t('notifications.region')}
    />
  );
}

function CloseToastButton({ closeToast }: CloseButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="toast-close"
      aria-label={t('notifications.close')}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}

/** Each notification is shown once, marked shown, and leaves the store when its toast closes. */
function useShowNewNotifications(): void {
  const notifications = useNotificationsStore((state) => state.notifications);
  useEffect(() => {
    const { markShown } = useNotificationsStore.getState();
    for (const notification of Object.values(notifications)) {
      if (notification.hasShown) continue;
      showToast(notification);
      markShown(notification.id);
    }
  }, [notifications]);
}

function showToast({ id, message, type, timeout }: AppNotification): void {
  toast(message, {
    toastId: id,
    type,
    autoClose: timeout ?? TOAST_DEFAULT_TIMEOUT_MS,
    onClose: () => useNotificationsStore.getState().remove(id),
  });
}
