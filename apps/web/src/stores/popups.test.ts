import { describe, expect, it } from 'vitest';
import { closePopup, openPopup, usePopupsStore } from './popups';

describe('popups store', () => {
  it('adds a popup closed with the spec fields', () => {
    openPopup('documents', { small: true, class: 'wide', outerClass: 'dim', noClose: true });

    expect(usePopupsStore.getState().popups.documents).toEqual({
      component: 'documents',
      isOpen: false,
      canClose: false,
      data: { small: true, class: 'wide', outerClass: 'dim', noClose: true },
      small: true,
      big: false,
      class: 'wide',
    });
  });

  it('opens on ready, allows outside close later, and closing removes it', () => {
    openPopup('ticket');
    const store = usePopupsStore.getState();

    store.markPopupReady('ticket');
    expect(usePopupsStore.getState().popups.ticket?.isOpen).toBe(true);
    expect(usePopupsStore.getState().popups.ticket?.canClose).toBe(false);

    store.allowOutsideClose('ticket');
    expect(usePopupsStore.getState().popups.ticket?.canClose).toBe(true);

    closePopup('ticket');
    expect(usePopupsStore.getState().popups).toEqual({});
  });

  it('reopening a shown popup keeps it open and refreshes its data', () => {
    openPopup('smsCode', { phone: '1' });
    usePopupsStore.getState().markPopupReady('smsCode');

    openPopup('smsCode', { phone: '2' });

    expect(usePopupsStore.getState().popups.smsCode).toMatchObject({
      isOpen: true,
      data: { phone: '2' },
    });
  });
});
