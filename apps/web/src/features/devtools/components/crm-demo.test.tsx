import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../../test/api';
import { renderWithQuery } from '../../../../test/render';
import { CONSOLE_PATH, CrmDemo } from './crm-demo';

describe('the console demo admin on /dev/test', () => {
  it('shows the login, password, current code and secret, with a link to the console', async () => {
    mockApi('/dev/crm-demo', {
      data: {
        login: 'demo-admin',
        password: 'Демо-пароль-2026',
        totp_secret: 'JBSWY3DPEHPK3PXP',
        current_code: '492039',
      },
    });
    renderWithQuery(<CrmDemo />);
    expect(await screen.findByTestId('crm-demo-code')).toHaveTextContent('492039');
    expect(screen.getByText('demo-admin')).toBeVisible();
    expect(screen.getByText('Демо-пароль-2026')).toBeVisible();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeVisible();
    const link = screen.getByRole('link', { name: 'Открыть консоль в новой вкладке' });
    expect(link).toHaveAttribute('href', CONSOLE_PATH);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('says where the demo admin exists when this server has none', async () => {
    mockApi('/dev/crm-demo', apiError('NOT_FOUND'));
    renderWithQuery(<CrmDemo />);
    expect(await screen.findByText(/Демо-администратора нет/)).toHaveTextContent(
      'npm run crm:admin',
    );
  });
});
