import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_NAMES, ROUTES, type RouteName } from '@/config/paths';
import { STORAGE_KEYS } from '@/lib/storage';
import { setCookie, getCookie } from '@/lib/cookies';
import { useDashboardStore } from '@/stores/dashboard';
import { useSessionStore } from '@/stores/session';
import { currentPath, renderApp } from '../../test/render';
import { VALID_TOKEN } from '../../test/stores';
import { answerScreenReads } from '../../test/screen-reads';

const SPEC_ROUTES: Record<RouteName, [string, string]> = {
  home: ['/', 'open'],
  profileIdentity: ['/profile/identity', 'signedIn'],
  profileCheckOrder: ['/profile/checkOrder', 'signedIn'],
  confirmOrder: ['/profile/confirmOrder', 'signedIn'],
  sendingMoney: ['/profile/sendingMoney', 'signedIn'],
  afterGetAndConfirm: ['/profile/congrats', 'signedIn'],
  declineOrder: ['/profile/declineOrder', 'signedIn'],
  confirmPhone: ['/confirm-phone', 'open'],
  signup: ['/signup', 'guestsOnly'],
  signin: ['/signin', 'guestsOnly'],
  payCallback: ['/pay/callback', 'open'],
  socialCallback: ['/social/callback', 'open'],
  payLoanpay: ['/pay/loanpay', 'open'],
  devTest: ['/dev/test', 'open'],
  emailReset: ['/email/reset', 'open'],
  loanlist: ['/loan', 'dashboard'],
  cards: ['/cards', 'dashboard'],
  history: ['/history', 'dashboard'],
  person: ['/person', 'dashboard'],
  documents: ['/documents', 'dashboard'],
  consents: ['/consents', 'dashboard'],
  creditHolidays: ['/credit-holidays', 'dashboard'],
  files: ['/files', 'dashboard'],
  tickets: ['/tickets', 'dashboard'],
  'tickets.new': ['/tickets/new', 'dashboard'],
  notFound: ['*', 'open'],
};

const TITLES: Record<RouteName, string> = {
  home: 'Займы онлайн на карту',
  signin: 'Вход',
  signup: 'Регистрация',
  loanlist: 'Мои займы',
  cards: 'Мои карты',
  history: 'История',
  person: 'Профиль',
  documents: 'Документы',
  consents: 'Согласия',
  creditHolidays: 'Кредитные каникулы',
  files: 'Файлы',
  tickets: 'Обращения',
  'tickets.new': 'Новое обращение',
  profileIdentity: 'Анкета',
  profileCheckOrder: 'Проверяем заявку',
  confirmOrder: 'Подписание договора',
  sendingMoney: 'Отправляем деньги',
  afterGetAndConfirm: 'Поздравляем!',
  declineOrder: 'Заявка отклонена',
  confirmPhone: 'Подтверждение телефона',
  payCallback: 'Результат оплаты',
  socialCallback: 'Вход через сервис',
  payLoanpay: 'Оплата займа',
  devTest: 'Тестовая панель',
  emailReset: 'Восстановление пароля',
  notFound: 'Страница не найдена',
};

function signIn(): void {
  useSessionStore.getState().setToken(VALID_TOKEN);
}

function pathFor(name: RouteName): string {
  return name === 'notFound' ? '/no/such/page' : ROUTES[name].path;
}

// The screens this file opens read their data; a test's own answers win.
beforeEach(answerScreenReads);

describe('route table', () => {
  it('has the 24 routes of the spec, «Согласия» and «Кредитные каникулы» with their paths and access', () => {
    expect(ROUTE_NAMES).toHaveLength(26);
    for (const name of ROUTE_NAMES) {
      expect([ROUTES[name].path, ROUTES[name].access]).toEqual(SPEC_ROUTES[name]);
    }
  });
});

describe('screens', () => {
  const guestScreens = ROUTE_NAMES.filter((name) => ROUTES[name].access !== 'signedIn');
  const openOrGuest = guestScreens.filter((name) => ROUTES[name].access !== 'dashboard');
  const signedInScreens = ROUTE_NAMES.filter((name) => !openOrGuest.includes(name));

  it.each(openOrGuest)('%s shows its title to a guest', async (name) => {
    renderApp(pathFor(name));
    expect(await screen.findByRole('heading', { level: 1, name: TITLES[name] })).toBeVisible();
  });

  it.each(signedInScreens)('%s shows its title when signed in', async (name) => {
    signIn();
    renderApp(pathFor(name));
    expect(await screen.findByRole('heading', { level: 1, name: TITLES[name] })).toBeVisible();
  });

  it('sets the document title per route', async () => {
    renderApp('/signin');
    await screen.findByRole('heading', { name: 'Вход' });
    await waitFor(() => expect(document.title).toBe('Вход — Займо'));
  });
});

describe('guards', () => {
  it('sends a guest from a signed-in page to sign-in with the full path, clearing the session', async () => {
    useSessionStore.getState().setPhone('79123456789');
    setCookie('from_crm', 'true');
    const { router } = renderApp('/profile/identity?step=2&utm=x#passport');

    await screen.findByRole('heading', { name: 'Вход' });

    expect(currentPath(router)).toBe(
      `/signin?redirect=${encodeURIComponent('/profile/identity?step=2&utm=x#passport')}`,
    );
    expect(useSessionStore.getState().phone).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.phone)).toBeNull();
    expect(getCookie('from_crm')).toBeUndefined();
  });

  it('protects the dashboard area the same way', async () => {
    const { router } = renderApp('/tickets/new?topic=card');

    await screen.findByRole('heading', { name: 'Вход' });

    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/tickets/new?topic=card',
    );
  });

  it('sends a signed-in client from sign-in to the main page link (default /loan)', async () => {
    signIn();
    const { router } = renderApp('/signin');

    await screen.findByRole('heading', { name: 'Мои займы' });

    expect(router.state.location.pathname).toBe('/loan');
  });

  it('uses the current main page link for guests-only pages', async () => {
    signIn();
    useDashboardStore.getState().setMainPageLink('/profile/declineOrder');
    const { router } = renderApp('/signup');

    await screen.findByRole('heading', { name: 'Заявка отклонена' });

    expect(router.state.location.pathname).toBe('/profile/declineOrder');
  });

  it('redirects /index.html to / keeping the query and hash', async () => {
    const { router } = renderApp('/index.html?utm_source=mail#calc');

    await screen.findByRole('heading', { name: 'Займы онлайн на карту' });

    expect(currentPath(router)).toBe('/?utm_source=mail#calc');
  });

  it('shows «Страница не найдена» with a link home for unknown paths', async () => {
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Вернуться на главную' })).toHaveAttribute('href', '/');
  });
});

describe('scrolling', () => {
  it('scrolls to the top on navigation', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Займы онлайн на карту' });
    window.scrollTo = (() => undefined) as typeof window.scrollTo;
    const scrollTo = vi.spyOn(window, 'scrollTo');

    await router.navigate('/dev/test');
    await screen.findByRole('heading', { name: 'Тестовая панель' });

    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
