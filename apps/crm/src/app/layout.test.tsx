import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useStaffSession } from '@/stores/staff-session';
import { mockCrmApi } from '../../test/api';
import { ADMIN, renderConsole } from '../../test/render';

describe('the console’s header', () => {
  it('names who is signed in, and «Выйти» ends the session at the server and here', async () => {
    mockCrmApi('/crm/clients', { data: { clients: [] } });
    const logout = mockCrmApi('/crm/auth/logout', { data: { ok: true } });
    const { router } = renderConsole('/clients', ADMIN);
    const user = userEvent.setup();

    expect(await screen.findByText('Анна Админова')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Выйти' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    // Signing in again leads back to the page left.
    expect(router.state.location.search).toBe('?next=%2Fclients');
    expect(logout.calls).toHaveLength(1);
    expect(logout.calls[0]?.headers.get('authorization')).toMatch(/^Bearer crm_test_token_1/);
    expect(useStaffSession.getState().token).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });
});
