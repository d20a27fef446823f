import { SCREENS, type ScreenAccess, type ScreenName } from '@zaymo/contract';
import type { routes as routeTitles } from '@/i18n/ru/routes';

/** Who may open a screen (spec §2, §6): see SCREENS in the contract. */
export type RouteAccess = ScreenAccess;

export type RouteDefinition = {
  path: string;
  access: RouteAccess;
  /** Key of the `routes` translation namespace: the screen's h1 and document title. */
  titleKey: keyof typeof routeTitles;
};

/** The 24 routes of spec §2 and the «Согласия» screen; paths and access come from the contract. */
export const ROUTES = {
  home: { ...SCREENS.home, titleKey: 'home' },
  profileIdentity: { ...SCREENS.profileIdentity, titleKey: 'profileIdentity' },
  profileCheckOrder: { ...SCREENS.profileCheckOrder, titleKey: 'profileCheckOrder' },
  confirmOrder: { ...SCREENS.confirmOrder, titleKey: 'confirmOrder' },
  sendingMoney: { ...SCREENS.sendingMoney, titleKey: 'sendingMoney' },
  afterGetAndConfirm: { ...SCREENS.afterGetAndConfirm, titleKey: 'afterGetAndConfirm' },
  declineOrder: { ...SCREENS.declineOrder, titleKey: 'declineOrder' },
  confirmPhone: { ...SCREENS.confirmPhone, titleKey: 'confirmPhone' },
  signup: { ...SCREENS.signup, titleKey: 'signup' },
  signin: { ...SCREENS.signin, titleKey: 'signin' },
  payCallback: { ...SCREENS.payCallback, titleKey: 'payCallback' },
  socialCallback: { ...SCREENS.socialCallback, titleKey: 'socialCallback' },
  payLoanpay: { ...SCREENS.payLoanpay, titleKey: 'payLoanpay' },
  devTest: { ...SCREENS.devTest, titleKey: 'devTest' },
  emailReset: { ...SCREENS.emailReset, titleKey: 'emailReset' },
  loanlist: { ...SCREENS.loanlist, titleKey: 'loanlist' },
  cards: { ...SCREENS.cards, titleKey: 'cards' },
  history: { ...SCREENS.history, titleKey: 'history' },
  person: { ...SCREENS.person, titleKey: 'person' },
  documents: { ...SCREENS.documents, titleKey: 'documents' },
  consents: { ...SCREENS.consents, titleKey: 'consents' },
  creditHolidays: { ...SCREENS.creditHolidays, titleKey: 'creditHolidays' },
  files: { ...SCREENS.files, titleKey: 'files' },
  tickets: { ...SCREENS.tickets, titleKey: 'tickets' },
  'tickets.new': { ...SCREENS['tickets.new'], titleKey: 'ticketsNew' },
  notFound: { ...SCREENS.notFound, titleKey: 'notFound' },
} as const satisfies Record<ScreenName, RouteDefinition>;

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
