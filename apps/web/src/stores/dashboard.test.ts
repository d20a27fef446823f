import { describe, expect, it } from 'vitest';
import { useDashboardStore } from './dashboard';
import { useSignupStore } from './signup';

describe('dashboard store', () => {
  it('has the spec fields with mainPageLink /loan by default', () => {
    const state = useDashboardStore.getState();
    expect(state.mainPageLink).toBe('/loan');
    expect(state.moratorium).toEqual({ status: null, end_date: null });
    expect(state).toMatchObject({
      user: null,
      token: null,
      order: null,
      orders: [],
      activePayoutMethods: [],
      activePaymentMethods: [],
      history: [],
      documents: [],
      photos: [],
      contractDocuments: [],
      admin: false,
      showMenu: false,
    });
  });

  it('reset returns every field to its default', () => {
    const store = useDashboardStore.getState();
    store.setMainPageLink('/profile/declineOrder');
    store.setShowMenu(true);
    store.update({ orders: [{ id: 1, status_id: 4 }], admin: true });

    useDashboardStore.getState().reset();

    const state = useDashboardStore.getState();
    expect(state.mainPageLink).toBe('/loan');
    expect(state.showMenu).toBe(false);
    expect(state.orders).toEqual([]);
    expect(state.admin).toBe(false);
  });
});

describe('sign-up store', () => {
  it('starts empty and reset forgets the progress', () => {
    expect(useSignupStore.getState()).toMatchObject({
      userId: null,
      cards: [],
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
