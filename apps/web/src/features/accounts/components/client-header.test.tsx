import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getCookie, setCookie } from '@/lib/cookies';
import { useNotificationsStore } from '@/stores/notifications';
import { useSessionStore } from '@/stores/session';
import { apiError } from '../../../../test/api';
import { currentPath, renderApp } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { aClient, mockAccountsApi } from '../test-fixtures';
import { answerScreenReads } from '../../../../test/screen-reads';

function signIn() {
  useSessionStore.getState().setToken(VALID_TOKEN);
}

// The screens this file opens read their data; a test's own answers win.
beforeEach(answerScreenReads);

describe('the client in the layouts', () => {
  it('shows the phone in the cabinet header', async () => {
    mockAccountsApi({ 'GET /clients': { data: { client: aClient() } } });
    signIn();
    renderApp('/loan');

    expect(await screen.findByTestId('client-badge')).toHaveTextContent('+7 (912) 345-67-89');
  });

  it('shows the name once the identity steps gave one, also on the public pages', async () => {
    const client = aClient({ name: 'Иван', surname: 'Петров' });
    mockAccountsApi({ 'GET /clients': { data: { client } } });
    signIn();
    renderApp('/');

    expect(await screen.findByTestId('client-badge')).toHaveTextContent('Иван Петров');
  });

  it('logs out even when the logout call fails, forgetting the session', async () => {
    const api = mockAccountsApi({
      'GET /clients': { data: { client: aClient() } },
      'GET /clients/logout': apiError('INTERNAL', { message: 'Сервис недоступен' }),
    });
    signIn();
    useSessionStore.getState().setPhone('+79123456789');
    setCookie('from_crm', 'true');
    const user = userEvent.setup();
    const { router } = renderApp('/loan');

    await screen.findByTestId('client-badge');
    await user.click(screen.getByRole('button', { name: 'Выйти' }));

    await waitFor(() => expect(currentPath(router)).toBe('/signin'));
    expect(api.callsTo('GET /clients/logout')).toHaveLength(1);
    expect(useSessionStore.getState()).toMatchObject({ token: null, phone: null, admin: false });
    expect(getCookie('from_crm')).toBeUndefined();
    expect(screen.queryByTestId('client-badge')).not.toBeInTheDocument();
    expect(Object.keys(useNotificationsStore.getState().notifications)).toHaveLength(0);
  });

  it('sends the client to sign-in when the session has expired (401)', async () => {
    mockAccountsApi({ 'GET /clients': apiError('UNAUTHORIZED') });
    signIn();
    const { router } = renderApp('/cards');

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(useSessionStore.getState().token).toBeNull();
  });
});
