import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDashboardStore } from '@/stores/dashboard';
import { useSessionStore } from '@/stores/session';
import { apiError } from '../../../../test/api';
import { currentPath, renderApp } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { mockAccountsApi, session } from '../test-fixtures';

const CODE = 'login-code-0123456789abcdef';

describe('/social/callback', () => {
  it('exchanges the code once for a session and opens the main page link', async () => {
    const api = mockAccountsApi({ 'POST /clients/social/exchange': session() });
    useDashboardStore.getState().setMainPageLink('/cards');
    const { router } = renderApp(`/social/callback?code=${CODE}`);

    await waitFor(() => expect(currentPath(router)).toBe('/cards'));
    expect(useSessionStore.getState().token).toBe(VALID_TOKEN);
    expect(api.callsTo('POST /clients/social/exchange').map((call) => call.body)).toEqual([
      { code: CODE },
    ]);
  });

  it('explains a stale link and links back to sign-in', async () => {
    mockAccountsApi({
      'POST /clients/social/exchange': apiError('VALIDATION', {
        message: 'Ссылка для входа недействительна или устарела. Запросите новую',
      }),
    });
    renderApp(`/social/callback?code=${CODE}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ссылка для входа недействительна или устарела',
    );
    expect(screen.getByRole('link', { name: 'Перейти ко входу' })).toHaveAttribute(
      'href',
      '/signin',
    );
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('explains a link without a code', async () => {
    const api = mockAccountsApi({});
    renderApp('/social/callback');

    expect(await screen.findByRole('alert')).toHaveTextContent('Ссылка для входа неполная');
    expect(api.callsTo('POST /clients/social/exchange')).toHaveLength(0);
  });
});
