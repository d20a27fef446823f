import { createElement, type ComponentType } from 'react';
import { matchPath } from 'react-router';
import { ROUTES, type RouteName } from '@/config/paths';
import type { ScreenNamespace } from '@/i18n/resources';
import { screenTranslationsLoaded } from '@/lib/i18n';
import { lazyNamed } from '@/lib/lazy';
import { NotFoundScreen } from './not-found-screen';

type Preloadable = ComponentType & { preload: () => Promise<void> };

/**
 * A lazy screen that can be loaded before the app mounts: once `preload()` has resolved it
 * renders at once, without suspending. A prerendered page (build/prerender.ts) is hydrated only
 * then (app/start-up.tsx). Its texts are bundled (i18n/resources.ts) or its own `namespaces`,
 * loaded beside its chunk; rendered before a preload it is lazyNamed's and waits for every
 * later text.
 */
function preloadable<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  namespaces: readonly ScreenNamespace[] = [],
): Preloadable {
  let loaded: ComponentType | null = null;
  const Lazy = lazyNamed(load, name);
  const Screen = () => createElement(loaded ?? Lazy);
  Screen.preload = async () => {
    const [module] = await Promise.all([load(), ...namespaces.map(screenTranslationsLoaded)]);
    loaded = module[name];
  };
  return Screen;
}

const HomeScreen = preloadable(() => import('@/features/loans/routes/home'), 'HomeScreen', [
  'loans',
]);
const SigninScreen = preloadable(() => import('@/features/accounts/routes/signin'), 'SigninScreen');

/**
 * The screen of every route, each its own chunk loaded when first visited: a prerendered page
 * loads the shell and its own screen only (/signin not the home page's calculator).
 */
export const SCREENS: Record<RouteName, ComponentType> = {
  home: HomeScreen,
  notFound: NotFoundScreen,
  signin: SigninScreen,
  signup: lazyNamed(() => import('@/features/accounts/routes/signup'), 'SignupScreen'),
  confirmPhone: lazyNamed(
    () => import('@/features/accounts/routes/confirm-phone'),
    'ConfirmPhoneScreen',
  ),
  emailReset: lazyNamed(() => import('@/features/accounts/routes/email-reset'), 'EmailResetScreen'),
  socialCallback: lazyNamed(
    () => import('@/features/accounts/routes/social-callback'),
    'SocialCallbackScreen',
  ),
  profileIdentity: lazyNamed(
    () => import('@/features/identity/routes/profile-identity'),
    'ProfileIdentityScreen',
  ),
  person: lazyNamed(() => import('@/features/identity/routes/person'), 'PersonScreen'),
  files: lazyNamed(() => import('@/features/identity/routes/files'), 'FilesScreen'),
  cards: lazyNamed(() => import('@/features/cards/routes/cards'), 'CardsScreen'),
  payCallback: lazyNamed(() => import('@/features/cards/routes/pay-callback'), 'PayCallbackScreen'),
  profileCheckOrder: lazyNamed(
    () => import('@/features/loans/routes/profile-check-order'),
    'ProfileCheckOrderScreen',
  ),
  confirmOrder: lazyNamed(
    () => import('@/features/loans/routes/confirm-order'),
    'ConfirmOrderScreen',
  ),
  sendingMoney: lazyNamed(
    () => import('@/features/loans/routes/sending-money'),
    'SendingMoneyScreen',
  ),
  afterGetAndConfirm: lazyNamed(
    () => import('@/features/loans/routes/after-get-and-confirm'),
    'AfterGetAndConfirmScreen',
  ),
  declineOrder: lazyNamed(
    () => import('@/features/loans/routes/decline-order'),
    'DeclineOrderScreen',
  ),
  loanlist: lazyNamed(() => import('@/features/loans/routes/loanlist'), 'LoanlistScreen'),
  history: lazyNamed(() => import('@/features/loans/routes/history'), 'HistoryScreen'),
  payLoanpay: lazyNamed(() => import('@/features/loans/routes/pay-loanpay'), 'PayLoanpayScreen'),
  documents: lazyNamed(() => import('@/features/documents/routes/documents'), 'DocumentsScreen'),
  consents: lazyNamed(() => import('@/features/consents/routes/consents'), 'ConsentsScreen'),
  creditHolidays: lazyNamed(
    () => import('@/features/loans/routes/credit-holidays'),
    'CreditHolidaysScreen',
  ),
  tickets: lazyNamed(() => import('@/features/tickets/routes/tickets'), 'TicketsScreen'),
  'tickets.new': lazyNamed(
    () => import('@/features/tickets/routes/tickets-new'),
    'TicketsNewScreen',
  ),
  devTest: lazyNamed(() => import('@/features/devtools/routes/dev-test'), 'DevTestScreen'),
};

/** Screens of the prerendered pages whose chunk loads before the app hydrates the markup. */
const PRELOADED: Partial<Record<RouteName, Preloadable>> = {
  home: HomeScreen,
  signin: SigninScreen,
};

/** Loads the screen of `pathname` when it is one of PRELOADED; resolves at once otherwise. */
export async function preloadScreen(pathname: string): Promise<void> {
  for (const [name, screen] of Object.entries(PRELOADED)) {
    if (matchPath(ROUTES[name as RouteName].path, pathname)) await screen.preload();
  }
}
