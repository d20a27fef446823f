import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aClient, mockAccountsApi } from '@/features/accounts/test-fixtures';
import { useSessionStore } from '@/stores/session';
import { renderWithQuery } from '../../test/render';
import { VALID_TOKEN } from '../../test/stores';
import { AdminBanner } from './admin-banner';

describe('operator banner', () => {
  it('names the operator the server says the session belongs to', async () => {
    mockAccountsApi({
      'GET /clients': {
        data: { client: aClient({ is_operator_session: true, operator_name: 'Петрова А.' }) },
      },
    });
    useSessionStore.getState().setToken(VALID_TOKEN);
    useSessionStore.getState().setAdmin(true);
    renderWithQuery(<AdminBanner />);

    expect(await screen.findByText('Режим оператора: Петрова А.')).toBeVisible();
    expect(screen.getByTestId('admin-banner')).toHaveTextContent('может только сам клиент');
  });
});
