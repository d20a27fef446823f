import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../../test/api';
import { renderWithQuery } from '../../../../test/render';
import { LOAN_42, makeDocument } from '../test/fixtures';
import { DocumentsPopup } from './documents-popup';

function renderPopup(data: Record<string, unknown>) {
  const onReady = vi.fn();
  renderWithQuery(
    <DocumentsPopup onReady={onReady} onClose={vi.fn()} data={data} titleId="title" />,
  );
  return onReady;
}

describe('documents popup', () => {
  it('shows one loan’s documents by group, asked for by its order ids', async () => {
    const api = mockApi('/documents/loan_documents/:ids', { data: LOAN_42 });
    const onReady = renderPopup({ orderIds: [42, 41] });

    expect(await screen.findByText('Договор № З-000042')).toBeVisible();
    expect(onReady).toHaveBeenCalled();
    expect(api.calls.map((call) => call.params.ids)).toEqual(['42,41']);
    const contract = screen.getByRole('heading', { name: 'Договоры' }).parentElement;
    expect(
      within(contract as HTMLElement).getByRole('button', { name: /Индивидуальные условия/ }),
    ).toHaveAccessibleDescription('Подписан АСП 21.11.2026 14:05');
    expect(screen.getByRole('heading', { name: 'Заявки' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Регистрация' })).toBeNull();
  });

  it('lists the closure certificate of a repaid loan as issued by the lender', async () => {
    const certificate = makeDocument('closure_certificate', 'contracts_docs', {
      order_id: 42,
      contract_number: 'З-000042',
      signature: { method: 'issued', signed_at: '2026-12-01T09:00:00.000Z' },
    });
    mockApi('/documents/loan_documents/:ids', { data: [...LOAN_42, certificate] });
    renderPopup({ orderIds: [42] });
    const button = await screen.findByRole('button', { name: /Справка о погашении займа/ });
    expect(button).toHaveAccessibleDescription('Выдана кредитором 01.12.2026 12:00');
  });

  it('takes one id or a comma-joined list too', async () => {
    const api = mockApi('/documents/loan_documents/:ids', { data: LOAN_42 });
    renderPopup({ orderIds: '42,43' });
    expect(await screen.findByText('Договор № З-000042')).toBeVisible();
    expect(api.calls.map((call) => call.params.ids)).toEqual(['42,43']);
  });

  it('opens with a clear message when no loan is given', () => {
    const onReady = renderPopup({});
    expect(screen.getByRole('alert')).toHaveTextContent('Займ не выбран');
    expect(onReady).toHaveBeenCalled();
  });

  it('says when the loan is not the client’s', async () => {
    mockApi('/documents/loan_documents/:ids', apiError('ORDER_NOT_FOUND'));
    const onReady = renderPopup({ orderIds: 7 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить документы');
    expect(onReady).toHaveBeenCalled();
  });
});
