/** The popups the app opens by name (spec §2). */
export const POPUP_NAMES = [
  'changePassword',
  'confirmEmail',
  'deleteCard',
  'documents',
  'enterPhone',
  'loadPhoto',
  'smsCode',
  'ticket',
] as const;

export type PopupName = (typeof POPUP_NAMES)[number];
