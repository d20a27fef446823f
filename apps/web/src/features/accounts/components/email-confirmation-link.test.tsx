import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/stores/session';
import { currentPath, renderApp } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { aClient, mockAccountsApi } from '../test-fixtures';
import { answerScreenReads } from '../../../../test/screen-reads';

const TOKEN = 'email-token-0123456789abcdef';

// The person page the links open reads the profile; a test's own answers win.
beforeEach(answerScreenReads);

describe('e-mail confirmation from a link', () => {
  it('tells the client the e-mail is confirmed after the server’s redirect and cleans the address', async () => {
    const api = mockAccountsApi({ 'GET /clients': { data: { client: aClient() } } });
    useSessionStore.getState().setToken(VALID_TOKEN);
    const { router } = renderApp('/person?email_confirmed=1');

    expect(await screen.findByText('Адрес электронной почты подтверждён')).toBeVisible();
    await waitFor(() => expect(currentPath(router)).toBe('/person'));
    await waitFor(() => expect(api.callsTo('GET /clients').length).toBeGreaterThanOrEqual(1));
  });

  it('explains a stale confirmation link', async () => {
    mockAccountsApi({});
    useSessionStore.getState().setToken(VALID_TOKEN);
    renderApp('/person?email_confirmed=0');

    expect(await screen.findByText(/недействительна или устарела/)).toBeVisible();
  });

  it('confirms a token link of the app once', async () => {
    const api = mockAccountsApi({
      'POST /clients/email/confirm': { data: { client: aClient({ email_confirmed: true }) } },
    });
    useSessionStore.getState().setToken(VALID_TOKEN);
    const { router } = renderApp(`/person?confirm_email=${TOKEN}&tab=main`);

    expect(await screen.findByText('Адрес электронной почты подтверждён')).toBeVisible();
    await waitFor(() => expect(currentPath(router)).toBe('/person?tab=main'));
    expect(api.callsTo('POST /clients/email/confirm').map((call) => call.body)).toEqual([
      { token: TOKEN },
    ]);
  });

  it('waits for a guest to sign in, keeping the link in the redirect', async () => {
    const api = mockAccountsApi({});
    const { router } = renderApp(`/person?confirm_email=${TOKEN}`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      `/person?confirm_email=${TOKEN}`,
    );
    expect(api.callsTo('POST /clients/email/confirm')).toHaveLength(0);
  });

  it('tells a guest the address is confirmed on sign-in, and returns to the page without it', async () => {
    mockAccountsApi({});
    const { router } = renderApp('/person?email_confirmed=1');

    expect(await screen.findByText('Адрес электронной почты подтверждён')).toBeVisible();
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/person'),
    );
    expect(router.state.location.pathname).toBe('/signin');
  });
});
