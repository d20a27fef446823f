import { describe, expect, it } from 'vitest';
import { useDashboardStore } from './dashboard';
import { useSignupStore } from './signup';

describe('dashboard store', () => {
  it('holds only the browser state: the main page link (/loan) and the menu', () => {
    expect(useDashboardStore.getState()).toMatchObject({ mainPageLink: '/loan', showMenu: false });
  });

  it('reset returns every field to its default', () => {
    const store = useDashboardStore.getState();
    store.setMainPageLink('/profile/declineOrder');
    store.setShowMenu(true);

    useDashboardStore.getState().reset();

    const state = useDashboardStore.getState();
    expect(state.mainPageLink).toBe('/loan');
    expect(state.showMenu).toBe(false);
  });
});

describe('sign-up store', () => {
  it('starts empty and reset forgets the progress', () => {
    expect(useSignupStore.getState()).toMatchObject({
      userId: null,
      phone: null,
      isEmailExist: false,
      step: null,
      isWaiting: false,
    });

    useSignupStore.getState().update({ userId: 7, step: 3, isWaiting: true, phone: '7912' });
    useSignupStore.getState().reset();

    expect(useSignupStore.getState()).toMatchObject({ userId: null, step: null, isWaiting: false });
  });
});
