/** Spec §2's screens of a signed-in client. */
export const SIGNED_IN_SCREENS = [
  '/profile/identity',
  '/profile/checkOrder',
  '/profile/confirmOrder',
  '/profile/sendingMoney',
  '/profile/congrats',
  '/profile/declineOrder',
  '/loan',
  '/cards',
  '/history',
  '/person',
  '/documents',
  '/files',
  '/tickets',
  '/tickets/new',
];
