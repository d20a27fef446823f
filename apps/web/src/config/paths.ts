import type { routes as routeTitles } from '@/i18n/ru/routes';

/**
 * Who may open a screen (spec §2, §6):
 * open — anyone; guestsOnly — only without a token (else mainPageLink);
 * signedIn — only with a token (else sign-in); dashboard — signedIn inside the dashboard layout.
 */
export type RouteAccess = 'open' | 'signedIn' | 'guestsOnly' | 'dashboard';

export type RouteDefinition = {
  path: string;
  access: RouteAccess;
  /** Key of the `routes` translation namespace: the screen's h1 and document title. */
  titleKey: keyof typeof routeTitles;
};

/** The 24 routes of spec §2, by their spec names. */
export const ROUTES = {
  home: { path: '/', access: 'open', titleKey: 'home' },
  profileIdentity: { path: '/profile/identity', access: 'signedIn', titleKey: 'profileIdentity' },
  profileCheckOrder: {
    path: '/profile/checkOrder',
    access: 'signedIn',
    titleKey: 'profileCheckOrder',
  },
  confirmOrder: { path: '/profile/confirmOrder', access: 'signedIn', titleKey: 'confirmOrder' },
  sendingMoney: { path: '/profile/sendingMoney', access: 'signedIn', titleKey: 'sendingMoney' },
  afterGetAndConfirm: {
    path: '/profile/congrats',
    access: 'signedIn',
    titleKey: 'afterGetAndConfirm',
  },
  declineOrder: { path: '/profile/declineOrder', access: 'signedIn', titleKey: 'declineOrder' },
  confirmPhone: { path: '/confirm-phone', access: 'open', titleKey: 'confirmPhone' },
  signup: { path: '/signup', access: 'guestsOnly', titleKey: 'signup' },
  signin: { path: '/signin', access: 'guestsOnly', titleKey: 'signin' },
  payCallback: { path: '/pay/callback', access: 'open', titleKey: 'payCallback' },
  socialCallback: { path: '/social/callback', access: 'open', titleKey: 'socialCallback' },
  payLoanpay: { path: '/pay/loanpay', access: 'open', titleKey: 'payLoanpay' },
  devTest: { path: '/dev/test', access: 'open', titleKey: 'devTest' },
  emailReset: { path: '/email/reset', access: 'open', titleKey: 'emailReset' },
  loanlist: { path: '/loan', access: 'dashboard', titleKey: 'loanlist' },
  cards: { path: '/cards', access: 'dashboard', titleKey: 'cards' },
  history: { path: '/history', access: 'dashboard', titleKey: 'history' },
  person: { path: '/person', access: 'dashboard', titleKey: 'person' },
  documents: { path: '/documents', access: 'dashboard', titleKey: 'documents' },
  files: { path: '/files', access: 'dashboard', titleKey: 'files' },
  tickets: { path: '/tickets', access: 'dashboard', titleKey: 'tickets' },
  'tickets.new': { path: '/tickets/new', access: 'dashboard', titleKey: 'ticketsNew' },
  notFound: { path: '*', access: 'open', titleKey: 'notFound' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof ROUTES;

export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

export function pathOf(name: RouteName): string {
  return ROUTES[name].path;
}

export const REDIRECT_PARAM = 'redirect';

/** `/signin?redirect=<full path with search and hash, URL-encoded>` (spec §5). */
export function signinPathWithRedirect(fullPath: string): string {
  return `${ROUTES.signin.path}?${REDIRECT_PARAM}=${encodeURIComponent(fullPath)}`;
}
