import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { usePopupsStore } from '@/stores/popups';
import { apiError } from '../../../../test/api';
import { renderWithQuery } from '../../../../test/render';
import { mockIdentityApi, photo, SAVED_PASSPORT, SAVED_PERSONAL } from '../testing/identity-api';
import { AddressesStepForm } from './addresses-step';
import { PassportStepForm } from './passport-step';
import { PersonalStepForm } from './personal-step';
import { PhotosStepForm } from './photos-step';
import { WorkStepForm } from './work-step';

const next = () => screen.getByRole('button', { name: 'Продолжить' });

async function submitAndRead(): Promise<string[]> {
  await userEvent.click(next());
  return (await screen.findAllByRole('alert')).map((alert) => alert.textContent ?? '');
}

describe('step 1: personal data', () => {
  it('says what is missing, in Russian', async () => {
    mockIdentityApi();
    renderWithQuery(<PersonalStepForm saved={null} onSaved={vi.fn()} />);

    expect(await submitAndRead()).toEqual([
      'Укажите фамилию',
      'Укажите имя',
      'Укажите отчество',
      'Укажите пол',
      'Укажите дату',
      'Укажите место рождения',
    ]);
  });

  it('«Нет отчества» disables the patronymic and drops its error', async () => {
    mockIdentityApi();
    renderWithQuery(<PersonalStepForm saved={null} onSaved={vi.fn()} />);
    await submitAndRead();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Нет отчества' }));

    expect(screen.getByRole('combobox', { name: 'Отчество' })).toBeDisabled();
    expect(screen.queryByText('Укажите отчество')).not.toBeInTheDocument();
  });

  it('a chosen surname suggestion fills the field and sets the gender', async () => {
    const calls = mockIdentityApi({
      suggestions: {
        fio: [
          {
            value: 'Иванова',
            unrestricted_value: 'Иванова',
            data: { surname: 'Иванова', name: null, patronymic: null, gender: 'FEMALE' },
          },
        ],
      },
    });
    renderWithQuery(<PersonalStepForm saved={null} onSaved={vi.fn()} />);
    const surname = screen.getByRole('combobox', { name: 'Фамилия' });

    await userEvent.type(surname, 'Иван');
    await userEvent.click(await screen.findByRole('option', { name: 'Иванова' }));

    expect(surname).toHaveValue('Иванова');
    expect(screen.getByRole('radio', { name: 'Женский' })).toBeChecked();
    const asked = calls.find((call) => call.route === 'GET /clients/suggestions/fio');
    expect(asked?.query.parts).toBe('SURNAME');
    expect(asked?.query.query).toBe('Иван');
  });

  it('sends the saved data again with the date as YYYY-MM-DD', async () => {
    const calls = mockIdentityApi();
    const onSaved = vi.fn();
    renderWithQuery(<PersonalStepForm saved={SAVED_PERSONAL} onSaved={onSaved} />);
    expect(screen.getByLabelText('Дата рождения')).toHaveValue('15.03.1990');

    await userEvent.click(next());

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(1, 2));
    const patch = calls.find((call) => call.route === 'PATCH /clients/update');
    expect(patch?.query.step).toBe('1');
    expect(patch?.body).toEqual(SAVED_PERSONAL);
  });
});

describe('step 2: passport', () => {
  it('says what is missing, in Russian', async () => {
    mockIdentityApi();
    renderWithQuery(
      <PassportStepForm saved={null} locked={false} onSaved={vi.fn()} onNext={vi.fn()} />,
    );

    expect(await submitAndRead()).toEqual([
      'Серия и номер паспорта — 10 цифр: 99 99 999999',
      'Укажите дату',
      'Код подразделения — 6 цифр: 999-999',
      'Укажите, кем выдан паспорт',
    ]);
  });

  it('formats the division code and fills «Кем выдан» from the chosen office', async () => {
    mockIdentityApi({
      suggestions: {
        fms_unit: [
          {
            value: 'ОВД АРБАТ',
            unrestricted_value: 'ОВД АРБАТ',
            data: { code: '772-001', name: 'ОВД АРБАТ', region_code: '77', type: '2' },
          },
        ],
      },
    });
    renderWithQuery(
      <PassportStepForm saved={null} locked={false} onSaved={vi.fn()} onNext={vi.fn()} />,
    );
    const code = screen.getByRole('combobox', { name: 'Код подразделения' });

    await userEvent.type(code, '7720');
    expect(code).toHaveValue('772-0');
    await userEvent.click(await screen.findByRole('option', { name: /ОВД АРБАТ/ }));

    expect(code).toHaveValue('772-001');
    expect(screen.getByLabelText('Кем выдан')).toHaveValue('ОВД АРБАТ');
  });

  it('shows the server’s expired-passport message under the issue date', async () => {
    const message = 'Паспорт недействителен: его нужно было заменить в 45 лет';
    mockIdentityApi({
      onSave: () => apiError('VALIDATION', { message, fields: { issue_date: message } }),
    });
    renderWithQuery(
      <PassportStepForm saved={SAVED_PASSPORT} locked={false} onSaved={vi.fn()} onNext={vi.fn()} />,
    );

    await userEvent.click(next());

    const date = screen.getByLabelText('Дата выдачи');
    await waitFor(() => expect(date).toHaveAccessibleDescription(message));
    expect(date).toHaveAttribute('aria-invalid', 'true');
  });

  it('is read-only once the passport is locked and only moves on', async () => {
    const calls = mockIdentityApi();
    const onNext = vi.fn();
    renderWithQuery(
      <PassportStepForm saved={SAVED_PASSPORT} locked onSaved={vi.fn()} onNext={onNext} />,
    );
    expect(screen.getByLabelText('Серия и номер')).toBeDisabled();

    await userEvent.click(next());

    expect(onNext).toHaveBeenCalled();
    expect(calls.some((call) => call.route === 'PATCH /clients/update')).toBe(false);
  });
});

const street = {
  value: 'г Москва, ул Тверская',
  unrestricted_value: '125009, г Москва, ул Тверская',
  data: {
    postal_code: '125009',
    country: 'Россия',
    region_with_type: 'г Москва',
    region: 'Москва',
    area_with_type: null,
    city_with_type: 'г Москва',
    city: 'Москва',
    city_district_with_type: null,
    settlement_with_type: null,
    street_with_type: 'ул Тверская',
    street: 'Тверская',
    house_type: null,
    house: null,
    block_type: null,
    block: null,
    flat_type: null,
    flat: null,
    fias_id: 'street',
    kladr_id: null,
    fias_level: 7 as const,
  },
};
const house = {
  ...street,
  value: 'г Москва, ул Тверская, д 7',
  unrestricted_value: '125009, г Москва, ул Тверская, д 7',
  data: { ...street.data, house_type: 'д', house: '7', fias_id: 'house', fias_level: 8 as const },
};

describe('step 3: addresses', () => {
  it('says what is missing', async () => {
    mockIdentityApi();
    renderWithQuery(<AddressesStepForm saved={null} onSaved={vi.fn()} />);

    expect(await submitAndRead()).toEqual(['Укажите адрес']);
  });

  it('a street without a house asks for the house; the house completes it', async () => {
    const calls = mockIdentityApi({ suggestions: { 'address-search': [street, house] } });
    const onSaved = vi.fn();
    renderWithQuery(<AddressesStepForm saved={null} onSaved={onSaved} />);
    const field = screen.getByRole('combobox', { name: 'Адрес регистрации' });

    await userEvent.type(field, 'Тверская');
    await userEvent.click(await screen.findByRole('option', { name: street.value }));
    expect(await screen.findByText('Выберите адрес с номером дома')).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('option', { name: house.value }));
    expect(screen.queryByText('Выберите адрес с номером дома')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Квартира'), '12');
    await userEvent.click(next());

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(3, 4));
    const patch = calls.find((call) => call.route === 'PATCH /clients/update');
    expect(patch?.body).toMatchObject({
      registration: { value: 'г Москва, ул Тверская, д 7, кв 12', house: '7', flat: '12' },
      residence_same: true,
      residence: null,
    });
  });

  it('unticking «совпадает» asks for the address of residence', async () => {
    mockIdentityApi();
    renderWithQuery(<AddressesStepForm saved={null} onSaved={vi.fn()} />);
    expect(screen.queryByRole('combobox', { name: 'Адрес проживания' })).not.toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Адрес проживания совпадает с адресом регистрации' }),
    );

    expect(screen.getByRole('combobox', { name: 'Адрес проживания' })).toBeInTheDocument();
    expect(await submitAndRead()).toEqual(['Укажите адрес', 'Укажите адрес']);
  });
});

describe('step 4: work and income', () => {
  it('says what is missing', async () => {
    mockIdentityApi();
    renderWithQuery(<WorkStepForm saved={null} onSaved={vi.fn()} />);

    expect(await submitAndRead()).toEqual([
      'Выберите вид занятости',
      'Укажите доход в рублях, например 45000',
      'Проверьте e-mail: например, ivanov@mail.ru',
    ]);
  });

  it('an employee names the employer; the chosen company brings its ИНН', async () => {
    const calls = mockIdentityApi({
      suggestions: {
        party: [
          {
            value: 'ПАО "СБЕРБАНК"',
            unrestricted_value: 'ПАО "СБЕРБАНК"',
            data: {
              inn: '7707083893',
              kpp: '773601001',
              ogrn: '1027700132195',
              type: 'LEGAL',
              name: { short_with_opf: 'ПАО "СБЕРБАНК"', full_with_opf: 'ПАО "СБЕРБАНК РОССИИ"' },
              address: { value: 'г Москва, ул Вавилова, д 19' },
            },
          },
        ],
      },
    });
    const onSaved = vi.fn();
    renderWithQuery(<WorkStepForm saved={null} onSaved={onSaved} />);
    await userEvent.selectOptions(screen.getByLabelText('Вид занятости'), 'Работаю по найму');
    const income = screen.getByLabelText('Ежемесячный доход, ₽');
    await userEvent.type(income, '45000');
    expect(income).toHaveValue('45 000');
    await userEvent.type(screen.getByRole('combobox', { name: 'Электронная почта' }), 'a@b.ru');

    expect(await submitAndRead()).toEqual(['Укажите работодателя и должность']);

    await userEvent.type(screen.getByRole('combobox', { name: 'Работодатель' }), 'сбер');
    await userEvent.click(await screen.findByRole('option', { name: /СБЕРБАНК/ }));
    expect(screen.getByText('ИНН 7707083893')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Должность'), 'Кассир');
    const confirmation = screen.getByLabelText('Чем вы можете подтвердить доход');
    expect(confirmation).toHaveValue('none');
    await userEvent.selectOptions(confirmation, 'Справка о доходах (2-НДФЛ)');
    await userEvent.click(next());

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(4, 5));
    expect(calls.find((call) => call.route === 'PATCH /clients/update')?.body).toEqual({
      employment_type: 'employed',
      employer_name: 'ПАО "СБЕРБАНК"',
      employer_inn: '7707083893',
      position: 'Кассир',
      monthly_income: '45000',
      income_confirmation: 'ndfl_certificate',
      email: 'a@b.ru',
    });
  });
});

describe('step 5: photos', () => {
  it('«Продолжить» waits for all three photos', async () => {
    mockIdentityApi({ photos: [photo('passport_main', 1), photo('selfie', 2)] });
    renderWithQuery(<PhotosStepForm onSaved={vi.fn()} />);

    const tile = await screen.findByTestId('photo-tile-passport_registration');
    expect(within(tile).getAllByText('Нет фото')).not.toHaveLength(0);
    expect(screen.getByRole('img', { name: 'Разворот паспорта с фото' })).toHaveAttribute(
      'src',
      'data:image/png;base64,passport_main',
    );
    expect(next()).toBeDisabled();
    expect(screen.getByText('Загрузите все три фото, чтобы продолжить')).toBeInTheDocument();
  });

  it('with all three it saves step 5 with an empty body', async () => {
    const calls = mockIdentityApi({
      photos: [photo('passport_main', 1), photo('passport_registration', 2), photo('selfie', 3)],
    });
    const onSaved = vi.fn();
    renderWithQuery(<PhotosStepForm onSaved={onSaved} />);

    await waitFor(() => expect(next()).toBeEnabled());
    await userEvent.click(next());

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(5, 6));
    const patch = calls.find((call) => call.route === 'PATCH /clients/update');
    expect(patch?.query.step).toBe('5');
    expect(patch?.body).toEqual({});
  });

  it('a tile opens the loadPhoto popup with its kind', async () => {
    mockIdentityApi({ photos: [] });
    renderWithQuery(<PhotosStepForm onSaved={vi.fn()} />);
    const tile = await screen.findByTestId('photo-tile-selfie');

    await userEvent.click(within(tile).getByRole('button', { name: 'Загрузить' }));

    expect(usePopupsStore.getState().popups.loadPhoto?.data).toEqual({ kind: 'selfie' });
  });
});
