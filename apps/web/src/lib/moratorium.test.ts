import { describe, expect, it, vi } from 'vitest';
import { useDashboardStore } from '@/stores/dashboard';
import { apiError, mockApi } from '../../test/api';
import { startMoratoriumCheck } from './moratorium';
import { registerNavigate } from './navigation';

function answerMoratorium(status: boolean | 'fail') {
  return mockApi('/clients/moratorium', () =>
    status === 'fail'
      ? apiError('SERVICE_UNAVAILABLE')
      : { data: { data: { status, end_date: status ? null : '2026-12-21' } } },
  );
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
    useDashboardStore.getState().setMainPageLink('/profile/declineOrder');
    const log = answerMoratorium('fail');

    startMoratoriumCheck();
    await vi.waitFor(() => expect(log.calls).toHaveLength(1));

    expect(navigate).not.toHaveBeenCalled();
    expect(useDashboardStore.getState().mainPageLink).toBe('/profile/declineOrder');
  });
});

describe('moratorium check after leaving the page', () => {
  it('cancels the check once the client has left the page', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    let cancelled = false;
    // The server answers only once the browser gave up on the request.
    mockApi('/clients/moratorium', async ({ signal }) => {
      if (!signal.aborted)
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      cancelled = true;
      return { data: { data: { status: false, end_date: '2026-12-21' } } };
    });

    const leave = startMoratoriumCheck();
    leave();

    await vi.waitFor(() => expect(cancelled).toBe(true));
    expect(navigate).not.toHaveBeenCalled();
    expect(useDashboardStore.getState().mainPageLink).toBe('/loan');
  });
});
