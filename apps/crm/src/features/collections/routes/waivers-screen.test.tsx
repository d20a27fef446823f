import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorMessage, type CrmWaiver, type Staff } from '@zaymo/contract';
import { apiError, mockCrmApi } from '../../../../test/api';
import { renderConsole } from '../../../../test/render';

const RISK: Staff = { id: 8, login: 'risk', name: 'Анна Рискова', role: 'risk' };
const COLLECTOR: Staff = { id: 5, login: 'coll', name: 'Пётр Взыскателев', role: 'collector' };

function waiver(overrides: Partial<CrmWaiver> = {}): CrmWaiver {
  return {
    id: 11,
    order_id: 42,
    contract_number: 'ЗМ-000042',
    client_name: 'Иванова Мария',
    kind: 'penalty',
    amount: '300.00',
    reason: 'Клиент был в больнице',
    state: 'pending',
    proposed_by: { id: 5, name: 'Пётр Взыскателев' },
    proposed_at: '2026-12-05T07:00:00Z',
    decided_by: null,
    decided_at: null,
    decision_reason: null,
    written_off: null,
    ...overrides,
  };
}

describe('«Согласование»', () => {
  it('a risk specialist approves another’s proposal with a reason; their own has no buttons', async () => {
    mockCrmApi('/crm/waivers', {
      data: {
        waivers: [waiver(), waiver({ id: 12, contract_number: 'ЗМ-000043', proposed_by: RISK })],
      },
    });
    const posts = mockCrmApi('/crm/waivers/:id/decision', {
      data: { waiver: waiver({ state: 'approved' }) },
    });
    renderConsole('/waivers', RISK);

    const list = await screen.findByRole('list', { name: 'Предложения о списании' });
    const items = within(list).getAllByRole('listitem');
    const [other, own] = items as [HTMLElement, HTMLElement];
    expect(other).toHaveTextContent('Списать пени: 300 ₽ — Ждёт согласования');
    expect(own).toHaveTextContent('Ваше предложение: решает другой сотрудник.');
    expect(within(own).queryByRole('button', { name: 'Согласовать' })).toBeNull();

    const user = userEvent.setup();
    await user.type(within(other).getByLabelText('Причина решения'), 'Документы из больницы');
    await user.click(within(other).getByRole('button', { name: 'Согласовать' }));
    expect(posts.calls.at(-1)?.body).toEqual({
      decision: 'approve',
      reason: 'Документы из больницы',
    });
  });

  it('the server’s refusal is shown in words', async () => {
    mockCrmApi('/crm/waivers', { data: { waivers: [waiver()] } });
    mockCrmApi('/crm/waivers/:id/decision', () => apiError('WAIVER_DECIDED'));
    renderConsole('/waivers', RISK);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Причина решения'), 'Согласую списание');
    await user.click(screen.getByRole('button', { name: 'Отказать' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(apiErrorMessage('WAIVER_DECIDED'));
  });

  it('a collector does not get it', async () => {
    renderConsole('/waivers', COLLECTOR);
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Согласование' })).toBeNull();
  });
});
