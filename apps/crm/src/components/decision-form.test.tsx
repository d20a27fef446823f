import { crmDecideCreditHolidayRequestSchema } from '@zaymo/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@zaymo/web-kit';
import { describe, expect, it, vi } from 'vitest';
import { DecisionForm, type DecisionRequest } from './decision-form';

function renderForm(send: (request: DecisionRequest) => Promise<unknown>, error: Error | null) {
  render(
    <DecisionForm
      label="Решение по запросу №5"
      schema={crmDecideCreditHolidayRequestSchema}
      reasonMax={1000}
      reasonHint="Клиент увидит её в личном кабинете."
      question={(decision) => (decision === 'approve' ? 'Одобрить каникулы?' : 'Отказать?')}
      call={{ isPending: false, error, reset: () => undefined }}
      send={send}
    />,
  );
  return userEvent.setup();
}

describe('DecisionForm', () => {
  it('asks the decision’s own question and sends the reason only once confirmed', async () => {
    const send = vi.fn(() => Promise.resolve());
    const user = renderForm(send, null);

    await user.type(screen.getByLabelText('Причина решения'), 'Справка о доходах');
    await user.click(screen.getByRole('button', { name: 'Отказать' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Отказать?');
    expect(send).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Да, отказать' }));

    expect(send).toHaveBeenCalledWith({ decision: 'refuse', reason: 'Справка о доходах' });
  });

  it('puts the server’s word on the reason under its field and brings the buttons back', async () => {
    const refusal = new ApiError(400, {
      code: 'VALIDATION',
      message: 'Проверьте поля',
      fields: { reason: 'Причина содержит недопустимые символы' },
    });
    const user = renderForm(() => Promise.reject(refusal), refusal);

    await user.type(screen.getByLabelText('Причина решения'), 'Причина');
    await user.click(screen.getByRole('button', { name: 'Одобрить' }));
    await user.click(screen.getByRole('button', { name: 'Да, одобрить' }));

    expect(await screen.findByText('Причина содержит недопустимые символы')).toBeVisible();
    expect(screen.getByLabelText('Причина решения')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Одобрить' })).toBeEnabled();
    expect(screen.queryByText('Проверьте поля')).not.toBeInTheDocument();
  });
});
