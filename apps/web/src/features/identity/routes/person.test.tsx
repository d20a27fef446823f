import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/stores/session';
import { usePopupsStore } from '@/stores/popups';
import { renderWithQuery } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import {
  mockIdentityApi,
  photo,
  profileWith,
  SAVED_PASSPORT,
  SAVED_PERSONAL,
} from '../testing/identity-api';
import { FilesScreen } from './files';
import { PersonScreen } from './person';

function renderIn(screenElement: ReactElement) {
  return renderWithQuery(<MemoryRouter>{screenElement}</MemoryRouter>);
}

describe('/person', () => {
  it('shows the profile by sections, the passport marked read-only when locked', async () => {
    mockIdentityApi({
      profile: profileWith({
        personal: SAVED_PERSONAL,
        passport: SAVED_PASSPORT,
        passport_locked: true,
        photos: [photo('selfie', 1)],
      }),
    });
    renderIn(<PersonScreen />);

    expect(await screen.findByText('Иванова')).toBeInTheDocument();
    expect(screen.getByText('15.03.1990')).toBeInTheDocument();
    expect(screen.getByText('45 06 123456')).toBeInTheDocument();
    expect(screen.getByText('Только просмотр')).toBeInTheDocument();
    expect(screen.getByText('Загружено фото: 1 из 3')).toBeInTheDocument();
    expect(screen.getAllByText('Не заполнено').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Редактировать анкету' })).toHaveAttribute(
      'href',
      '/profile/identity',
    );
  });

  it('shows the phone and e-mail of the signed-in client', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    mockIdentityApi({
      client: {
        id: 1,
        phone: '+79123456789',
        phone_confirmed: true,
        email: 'ivanov@mail.ru',
        email_confirmed: false,
        has_password: false,
        surname: null,
        name: null,
        patronymic: null,
        step: 1,
        is_operator_session: false,
        operator_name: null,
        created_at: '2026-01-10T10:00:00.000Z',
      },
    });
    renderIn(<PersonScreen />);

    expect(await screen.findByText('ivanov@mail.ru (не подтверждён)')).toBeInTheDocument();
    expect(screen.getByText('+7 (912) 345-67-89')).toBeInTheDocument();
  });

  it('opens the account popups by name', async () => {
    mockIdentityApi();
    renderIn(<PersonScreen />);

    await userEvent.click(screen.getByRole('button', { name: 'Изменить телефон' }));
    await userEvent.click(screen.getByRole('button', { name: 'Изменить пароль' }));
    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить e-mail' }));

    expect(Object.keys(usePopupsStore.getState().popups)).toEqual([
      'enterPhone',
      'changePassword',
      'confirmEmail',
    ]);
  });
});

describe('/person for a CRM operator', () => {
  it('offers no phone, password or e-mail change, only the reason', async () => {
    useSessionStore.getState().setAdmin(true);
    mockIdentityApi();
    renderIn(<PersonScreen />);

    expect(
      screen.getByText(
        'Телефон, e-mail и пароль меняет только сам клиент: коды и ссылки приходят ему.',
      ),
    ).toBeVisible();
    for (const name of ['Изменить телефон', 'Изменить пароль', 'Подтвердить e-mail']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(await screen.findByRole('link', { name: 'Редактировать анкету' })).toBeVisible();
  });
});

describe('/files', () => {
  it('shows each photo kind with its preview or an upload button', async () => {
    mockIdentityApi({ photos: [photo('passport_main', 1)] });
    renderIn(<FilesScreen />);

    expect(
      await screen.findByRole('img', { name: 'Разворот паспорта с фото' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Заменить' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Загрузить' })).toHaveLength(2);
  });

  it('locks the passport photos with the passport data once an order exists', async () => {
    mockIdentityApi({
      photos: [photo('passport_main', 1), photo('selfie', 2)],
      profile: profileWith({ passport: SAVED_PASSPORT, passport_locked: true }),
    });
    renderIn(<FilesScreen />);

    expect(
      await screen.findAllByText(/Фото паспорта нельзя заменить после оформления заявки/),
    ).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Заменить' })).toHaveLength(1);
    expect(screen.queryAllByRole('button', { name: 'Загрузить' })).toHaveLength(0);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
  });
});
