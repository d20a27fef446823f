/**
 * The screens of spec §2: path and who may open them. The web app's route table is built from
 * this list, and the server answers 404 for any path not in it (the SPA still shows notFound).
 * open — anyone; guestsOnly — only without a token; signedIn — only with a token;
 * dashboard — signedIn inside the dashboard layout.
 */
export type ScreenAccess = 'open' | 'signedIn' | 'guestsOnly' | 'dashboard';

export const SCREENS = {
  home: { path: '/', access: 'open' },
  profileIdentity: { path: '/profile/identity', access: 'signedIn' },
  profileCheckOrder: { path: '/profile/checkOrder', access: 'signedIn' },
  confirmOrder: { path: '/profile/confirmOrder', access: 'signedIn' },
  sendingMoney: { path: '/profile/sendingMoney', access: 'signedIn' },
  afterGetAndConfirm: { path: '/profile/congrats', access: 'signedIn' },
  declineOrder: { path: '/profile/declineOrder', access: 'signedIn' },
  confirmPhone: { path: '/confirm-phone', access: 'open' },
  signup: { path: '/signup', access: 'guestsOnly' },
  signin: { path: '/signin', access: 'guestsOnly' },
  payCallback: { path: '/pay/callback', access: 'open' },
  socialCallback: { path: '/social/callback', access: 'open' },
  payLoanpay: { path: '/pay/loanpay', access: 'open' },
  devTest: { path: '/dev/test', access: 'open' },
  emailReset: { path: '/email/reset', access: 'open' },
  loanlist: { path: '/loan', access: 'dashboard' },
  cards: { path: '/cards', access: 'dashboard' },
  history: { path: '/history', access: 'dashboard' },
  person: { path: '/person', access: 'dashboard' },
  documents: { path: '/documents', access: 'dashboard' },
  consents: { path: '/consents', access: 'dashboard' },
  creditHolidays: { path: '/credit-holidays', access: 'dashboard' },
  files: { path: '/files', access: 'dashboard' },
  tickets: { path: '/tickets', access: 'dashboard' },
  'tickets.new': { path: '/tickets/new', access: 'dashboard' },
  notFound: { path: '*', access: 'open' },
} as const satisfies Record<string, { path: string; access: ScreenAccess }>;

export type ScreenName = keyof typeof SCREENS;

/** Paths the SPA has a screen for (notFound's «*» excluded). */
export const SCREEN_PATHS: readonly string[] = Object.values(SCREENS)
  .map((screen) => screen.path)
  .filter((path) => path !== '*');

/** «/cards», «/cards/» — a path the SPA shows a real screen for, not notFound. */
export function isScreenPath(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return SCREEN_PATHS.includes(trimmed);
}
