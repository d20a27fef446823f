import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showcaseWindow } from '@/lib/refusal-showcase';
import { useDashboardStore } from '@/stores/dashboard';
import { useSessionStore } from '@/stores/session';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/render';
import { VALID_TOKEN } from '../../test/stores';
import { answerScreenReads } from '../../test/screen-reads';

/** Answers the checks of spec §4; other calls of the pages fail like a missing server. */
function fakeChecks({ moratorium = true, latency = 3 } = {}) {
  const showcase = mockApi('/clients/refusal-showcase', {
    data: {
      params: {
        link: 'https://partner.example/',
        refusal_link_latency_in_seconds: latency,
        window_to_open: 'in-new-window',
      },
    },
  });
  const moratoriumLog = mockApi('/clients/moratorium', {
    data: { data: { status: moratorium, end_date: moratorium ? null : '2026-12-21' } },
  });
  return {
    showcaseFlags: () => showcase.calls.map((request) => request.query.is_on_page_denied_loan),
    moratoriumCalls: () => moratoriumLog.calls,
  };
}

// The screens this file opens read their data; a test's own answers win.
beforeEach(answerScreenReads);

describe('spec §4 checks on signed-in pages', () => {
  it('sends the showcase check with 1 on the decline page and 0 elsewhere', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    const checks = fakeChecks();
    const { router } = renderApp('/cards');
    await waitFor(() => expect(checks.showcaseFlags()).toEqual(['0']));

    await router.navigate('/profile/declineOrder');
    await waitFor(() => expect(checks.showcaseFlags()).toEqual(['0', '1']));
  });

  it('clears the decline page’s redirect timer when the client navigates', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const open = vi.spyOn(showcaseWindow, 'newWindow').mockImplementation(() => undefined);
    useSessionStore.getState().setToken(VALID_TOKEN);
    // A long latency: the clock also runs in real time while the page changes.
    const checks = fakeChecks({ latency: 60 });
    const { router } = renderApp('/profile/declineOrder');
    await waitFor(() => expect(checks.showcaseFlags()).toEqual(['1']));
    await vi.advanceTimersByTimeAsync(100);

    await router.navigate('/');
    await screen.findByRole('heading', { level: 1, name: 'Займы онлайн на карту' });
    await vi.advanceTimersByTimeAsync(120_000);

    expect(open).not.toHaveBeenCalled();
  });

  it('redirects from the decline page after the latency', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const open = vi.spyOn(showcaseWindow, 'newWindow').mockImplementation(() => undefined);
    useSessionStore.getState().setToken(VALID_TOKEN);
    // A refused client: one who may apply again is sent on to the loan list, and leaving the
    // page cancels the redirect (how soon depends on the renderer and the machine).
    const checks = fakeChecks({ moratorium: false, latency: 3 });
    // The redirect is scheduled once the answer is in, which comes after the request.
    const timers = vi.spyOn(window, 'setTimeout');
    renderApp('/profile/declineOrder');
    await waitFor(() => expect(checks.showcaseFlags()).toEqual(['1']));
    await waitFor(() => expect(timers.mock.calls.some(([, ms]) => ms === 3_000)).toBe(true));

    await vi.advanceTimersByTimeAsync(2_900);
    expect(open).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(open).toHaveBeenCalledWith('https://partner.example/');
  });

  it('checks the moratorium on opening the loan list and sends a refused client away', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    const checks = fakeChecks({ moratorium: false });
    const { router } = renderApp('/loan');

    await screen.findByRole('heading', { level: 1, name: 'Заявка отклонена' });
    expect(router.state.location.pathname).toBe('/profile/declineOrder');
    expect(useDashboardStore.getState().mainPageLink).toBe('/profile/declineOrder');
    // Once on the loan list, once by the decline page for the end date it shows.
    expect(checks.moratoriumCalls()).toHaveLength(2);
  });

  it('does not check the moratorium on other pages', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    const checks = fakeChecks({ moratorium: false });
    renderApp('/cards');
    await waitFor(() => expect(checks.showcaseFlags()).toEqual(['0']));

    expect(checks.moratoriumCalls()).toHaveLength(0);
  });
});
