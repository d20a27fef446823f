import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderWithQuery } from '../../../../test/render';
import { PASSWORD_SETTINGS } from '../test-fixtures';
import { NewPasswordFields } from './new-password-fields';

function Form() {
  const { register } = useForm<{ password: string; repeat: string }>();
  return (
    <NewPasswordFields
      password={register('password')}
      repeat={register('repeat')}
      errors={{}}
      policy={PASSWORD_SETTINGS}
    />
  );
}

describe('the strength meter under «Новый пароль»', () => {
  it('shows the server’s rule as the client types: a weak password and why, then a strong one', async () => {
    const user = userEvent.setup();
    renderWithQuery(<Form />);
    const field = screen.getByLabelText('Новый пароль');

    await user.click(field);
    await user.paste('zaymo123');
    expect(
      await screen.findByText(/Пароль слишком простой/, {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(Number(screen.getByRole('meter').getAttribute('value'))).toBeLessThan(3);

    await user.clear(field);
    await user.paste('Зелёный-чайник-42');
    expect(await screen.findByText('Надёжный пароль', {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.queryByText(/Пароль слишком простой/)).toBeNull();
  }, 60_000);
});
