import type { PopupBody } from '@/components/popup/types';
import type { PopupName } from '@/config/popups';
import { lazyNamed } from '@/lib/lazy';

/** Popup name (spec §2) → its body, each loaded when first opened. */
export const POPUP_REGISTRY: Record<PopupName, PopupBody> = {
  changePassword: lazyNamed(
    () => import('@/features/accounts/popups/change-password-popup'),
    'ChangePasswordPopup',
  ),
  confirmEmail: lazyNamed(
    () => import('@/features/accounts/popups/confirm-email-popup'),
    'ConfirmEmailPopup',
  ),
  deleteCard: lazyNamed(
    () => import('@/features/cards/popups/delete-card-popup'),
    'DeleteCardPopup',
  ),
  documents: lazyNamed(
    () => import('@/features/documents/popups/documents-popup'),
    'DocumentsPopup',
  ),
  enterPhone: lazyNamed(
    () => import('@/features/accounts/popups/enter-phone-popup'),
    'EnterPhonePopup',
  ),
  loadPhoto: lazyNamed(
    () => import('@/features/identity/popups/load-photo-popup'),
    'LoadPhotoPopup',
  ),
  smsCode: lazyNamed(() => import('@/features/accounts/popups/sms-code-popup'), 'SmsCodePopup'),
  ticket: lazyNamed(() => import('@/features/tickets/popups/ticket-popup'), 'TicketPopup'),
};
