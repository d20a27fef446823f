import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/stores/session';
import { apiError, mockApi } from '../../../../test/api';
import { createTestQueryClient, renderWithQuery } from '../../../../test/render';
import {
  mockIdentityApi,
  profileWith,
  SAVED_PASSPORT,
  SAVED_PERSONAL,
} from '../testing/identity-api';
import { ProfileIdentityScreen } from './profile-identity';

function renderScreen(queryClient = createTestQueryClient()) {
  return renderWithQuery(
    <MemoryRouter>
      <ProfileIdentityScreen />
    </MemoryRouter>,
    queryClient,
  );
}

const saved = profileWith({ personal: SAVED_PERSONAL, passport: SAVED_PASSPORT, step: 3 });

describe('/profile/identity', () => {
  it('resumes at the step GET /clients/step names', async () => {
    mockIdentityApi({ step: 3, profile: saved });
    renderScreen();

    expect(await screen.findByText('Шаг 3 из 6')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Адреса' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Паспорт/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Работа и доход/ })).toBeDisabled();
  });

  it('opens an earlier step with what was saved and comes back after saving it', async () => {
    mockIdentityApi({ step: 3, profile: saved });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: /Паспорт/ }));

    expect(screen.getByText('Шаг 2 из 6')).toBeInTheDocument();
    expect(screen.getByLabelText('Серия и номер')).toHaveValue('45 06 123456');
    expect(screen.getByRole('combobox', { name: 'Код подразделения' })).toHaveValue('772-001');
    expect(screen.getByRole('heading', { level: 2, name: 'Паспорт' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Продолжить' }));

    expect(await screen.findByText('Шаг 3 из 6')).toBeInTheDocument();
  });

  it('starts a new client at step 1 with the later steps closed', async () => {
    mockIdentityApi({ step: null });
    renderScreen();

    expect(await screen.findByText('Шаг 1 из 6')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Назад' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Паспорт/ })).toBeDisabled();
  });

  it('says «Анкета заполнена» with a link to the loans when every step is done', async () => {
    mockIdentityApi({ step: 7, profile: saved });
    renderScreen();

    expect(await screen.findByRole('heading', { name: 'Анкета заполнена' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти к займам' })).toHaveAttribute('href', '/loan');
  });

  it('leaves binding the card to the client in operator mode', async () => {
    useSessionStore.getState().setAdmin(true);
    mockIdentityApi({ step: 6, profile: saved });
    renderScreen();

    expect(await screen.findByText('Шаг 6 из 6')).toBeInTheDocument();
    expect(
      screen.getByText('Карту привязывает только сам клиент в личном кабинете.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Привязать карту' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Назад' })).toBeVisible();
  });

  it('follows the server when the card step is completed elsewhere', async () => {
    mockIdentityApi({ step: 6, profile: saved });
    const queryClient = createTestQueryClient();
    renderScreen(queryClient);
    expect(await screen.findByText('Шаг 6 из 6')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Привязать карту' })).toBeInTheDocument();

    mockIdentityApi({ step: 7, profile: saved });
    await act(() => queryClient.invalidateQueries());

    expect(await screen.findByRole('heading', { name: 'Анкета заполнена' })).toBeInTheDocument();
  });

  it('offers to try again when the profile does not load', async () => {
    mockApi('/clients/step', apiError('INTERNAL', { message: 'Ошибка' }));
    mockApi('/clients/profile', apiError('INTERNAL', { message: 'Ошибка' }));
    renderScreen();

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument(),
    );
  });
});
