import type {
  CrmBureauWait,
  CrmSettingsChange,
  CrmSettingsResponse,
  CrmTariff,
} from '@zaymo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockCrmApi } from '../../../../test/api';
import { ADMIN, OPERATOR, renderConsole } from '../../../../test/render';

const TARIFF: CrmTariff = {
  id: 1,
  name: 'Первый заём',
  is_repeat: false,
  min_sum: '1000.00',
  max_sum: '30000.00',
  sum_step: '1000.00',
  min_period: 5,
  max_period: 30,
  period_step: 1,
  day_percent: '0.8',
  is_active: true,
  position: 1,
};

function settings(overrides: Partial<CrmSettingsResponse['data']> = {}): CrmSettingsResponse {
  return {
    data: {
      tariffs: [TARIFF],
      insurances: [],
      partners: [
        {
          id: 3,
          name: 'ДеньгиСразу',
          description: 'Заём на карту',
          link: 'https://offers.example.com/dengi',
          max_sum: '30000.00',
          rate_text: 'от 0 % в день',
          is_active: true,
          position: 1,
        },
      ],
      showcase_rules: [],
      moratorium_days: 30,
      bureau_wait: { minutes: 60, action: 'review' },
      ...overrides,
    },
  };
}

function change(overrides: Partial<CrmSettingsChange> = {}): CrmSettingsChange {
  return {
    id: 1,
    entity: 'tariff',
    entity_id: '1',
    changed_at: '2026-11-24T07:00:00Z',
    staff: { id: ADMIN.id, login: ADMIN.login, name: ADMIN.name },
    before: { max_sum: '30000.00', name: 'Первый заём' },
    after: { max_sum: '45000.00', name: 'Первый заём' },
    ...overrides,
  };
}

describe('«Настройки»', () => {
  it('edits a tariff: roubles typed with a space and a comma go out as kopecks, 0,81 % is refused', async () => {
    let current = TARIFF;
    mockCrmApi('/crm/settings', () => settings({ tariffs: [current] }));
    let saved = false;
    mockCrmApi('/crm/settings/history', () => ({ data: { changes: saved ? [change()] : [] } }));
    const edit = mockCrmApi('/crm/settings/tariffs/:id', ({ body }) => {
      saved = true;
      current = { ...TARIFF, ...(body as Partial<CrmTariff>) };
      return { data: { tariff: current } };
    });
    renderConsole('/settings', ADMIN);
    const user = userEvent.setup();

    const row = await screen.findByRole('row', { name: /Первый заём/ });
    expect(within(row).getByText('0,8 % в день')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Изменить «Первый заём»' }));
    expect(await screen.findByText('Изменений ещё не было.')).toBeVisible();

    const maxSum = screen.getByLabelText('Сумма до, ₽');
    expect(maxSum).toHaveValue('30000,00');
    await user.clear(maxSum);
    await user.type(maxSum, '45 000,5');
    const rate = screen.getByLabelText('Ставка, % в день');
    await user.clear(rate);
    await user.type(rate, '0,81');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(/не больше 0,8 % в день \(353-ФЗ/)).toBeVisible();
    expect(edit.calls).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '0,5');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Сохранено')).toBeVisible();
    expect(edit.calls[0]?.params).toEqual({ id: '1' });
    expect(edit.calls[0]?.body).toMatchObject({ max_sum: '45000.50', day_percent: '0.5' });
    expect(await screen.findByText('Сумма до: 30 000 ₽ → 45 000 ₽')).toBeVisible();
    expect(await screen.findByText('0,5 % в день')).toBeInTheDocument();
  });

  it('shows the server’s word under its field: a partner link that is not https', async () => {
    mockCrmApi('/crm/settings', settings());
    mockCrmApi('/crm/settings/history', { data: { changes: [] } });
    mockCrmApi('/crm/settings/partners/:id', () =>
      apiError('VALIDATION', { fields: { link: 'Ссылка — адрес, начинающийся с https://' } }),
    );
    renderConsole('/settings', ADMIN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Партнёры' }));
    await user.click(screen.getByRole('button', { name: 'Изменить «ДеньгиСразу»' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    const link = screen.getByLabelText('Ссылка');
    await waitFor(() =>
      expect(link).toHaveAccessibleDescription(/Только https:\/\/.*начинающийся/),
    );
  });

  it('changes the moratorium and shows its history', async () => {
    let days = 30;
    mockCrmApi('/crm/settings', () => settings({ moratorium_days: days }));
    mockCrmApi('/crm/settings/history', () => ({
      data: {
        changes:
          days === 30
            ? []
            : [
                change({
                  entity: 'moratorium',
                  entity_id: 'days',
                  before: { days: 30 },
                  after: { days },
                }),
              ],
      },
    }));
    const edit = mockCrmApi('/crm/settings/moratorium', ({ body }) => {
      days = (body as { days: number }).days;
      return { data: { days } };
    });
    renderConsole('/settings', ADMIN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Мораторий' }));
    const field = await screen.findByLabelText('Дней без новых заявок после отказа');
    expect(field).toHaveValue('30');
    await user.clear(field);
    await user.type(field, '45');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Дней: 30 → 45')).toBeVisible();
    expect(edit.calls[0]?.body).toEqual({ days: 45 });
  });

  it('sets what happens when the credit bureau does not answer, with its history', async () => {
    let wait: CrmBureauWait = { minutes: 60, action: 'review' };
    mockCrmApi('/crm/settings', () => settings({ bureau_wait: wait }));
    mockCrmApi('/crm/settings/history', () => ({
      data: {
        changes:
          wait.minutes === 60
            ? []
            : [
                change({
                  entity: 'bureau_wait',
                  entity_id: 'wait',
                  before: { minutes: 60, action: 'review' },
                  after: { ...wait },
                }),
              ],
      },
    }));
    const edit = mockCrmApi('/crm/settings/bureau-wait', ({ body }) => {
      wait = body as CrmBureauWait;
      return { data: { bureau_wait: wait } };
    });
    renderConsole('/settings', ADMIN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Бюро не отвечает' }));
    const minutes = await screen.findByLabelText('Ждать ответа бюро, минут');
    expect(minutes).toHaveValue('60');
    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.selectOptions(screen.getByLabelText('Потом'), 'Отказать');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Минут: 60 → 30')).toBeVisible();
    expect(edit.calls[0]?.body).toEqual({ minutes: 30, action: 'refuse' });
  });

  it('shows a failed load with a retry', async () => {
    let failed = false;
    mockCrmApi('/crm/settings', () => {
      if (!failed) {
        failed = true;
        return apiError('BAD_REQUEST', { message: 'Сервер недоступен' });
      }
      return settings();
    });
    renderConsole('/settings', ADMIN);
    const user = userEvent.setup();
    expect(await screen.findByText('Сервер недоступен')).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Повторить|Попробовать/ }));
    expect(await screen.findByRole('row', { name: /Первый заём/ })).toBeInTheDocument();
  });

  it('is the admin’s: an operator has neither the link nor the screen', async () => {
    mockCrmApi('/crm/clients', { data: { clients: [] } });
    renderConsole('/clients', OPERATOR);
    const nav = await screen.findByRole('navigation', { name: 'Разделы консоли' });
    expect(within(nav).queryByRole('link', { name: 'Настройки' })).not.toBeInTheDocument();
  });

  it('shows an operator who opens its address «Страница не найдена»', async () => {
    renderConsole('/settings', OPERATOR);
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  });
});
