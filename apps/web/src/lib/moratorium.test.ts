import { describe, expect, it, vi } from 'vitest';
import { useDashboardStore } from '@/stores/dashboard';
import { mockFetch } from '../../test/fetch';
import { startMoratoriumCheck } from './moratorium';
import { registerNavigate } from './navigation';

function answerMoratorium(status: boolean | 'fail') {
  return mockFetch(() =>
    status === 'fail'
      ? { status: 503, body: { message: 'Сервис недоступен' } }
      : { body: { data: { data: { status, end_date: status ? null : '2026-12-21' } } } },
  );
}

async function settle() {
  await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('moratorium check on opening the loan list', () => {
  it('sends a client under moratorium to the decline page and makes it the main page', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    answerMoratorium(false);

    startMoratoriumCheck();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalled());

    expect(navigate).toHaveBeenCalledWith('/profile/declineOrder', { replace: true });
    expect(useDashboardStore.getState().mainPageLink).toBe('/profile/declineOrder');
    expect(useDashboardStore.getState().moratorium).toEqual({
      status: false,
      end_date: '2026-12-21',
    });
  });

  it('keeps the loan list as the main page when the client may apply', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    useDashboardStore.getState().setMainPageLink('/profile/declineOrder');
    answerMoratorium(true);

    startMoratoriumCheck();
    await vi.waitFor(() => expect(useDashboardStore.getState().mainPageLink).toBe('/loan'));

    expect(navigate).not.toHaveBeenCalled();
  });

  it('ignores a failed check', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    answerMoratorium('fail');

    startMoratoriumCheck();
    await settle();

    expect(navigate).not.toHaveBeenCalled();
    expect(useDashboardStore.getState().mainPageLink).toBe('/loan');
  });

  it('does nothing once the client has left the page', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    answerMoratorium(false);

    const leave = startMoratoriumCheck();
    leave();
    await settle();

    expect(navigate).not.toHaveBeenCalled();
  });
});
