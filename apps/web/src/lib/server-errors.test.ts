import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { showErrorNotice } from '@/lib/error-notice';
import { showServerErrors } from './server-errors';

vi.mock('@/lib/error-notice', () => ({ showErrorNotice: vi.fn() }));

type Form = { text: string; email: string };

const refusal = (fields: Record<string, string>) =>
  new ApiError(400, { code: 'VALIDATION', message: 'Проверьте поля', fields });

describe('showServerErrors', () => {
  it('puts the messages for this form’s fields under them, focusing the first', () => {
    const setError = vi.fn();
    showServerErrors<Form>(
      refusal({ email: 'Неверный адрес', text: 'Пустой текст', other: 'не наше' }),
      setError,
      ['text', 'email'],
    );

    expect(setError.mock.calls).toEqual([
      ['text', { type: 'server', message: 'Пустой текст' }, { shouldFocus: true }],
      ['email', { type: 'server', message: 'Неверный адрес' }, { shouldFocus: false }],
    ]);
    expect(showErrorNotice).not.toHaveBeenCalled();
  });

  it('shows the error notice for a refusal that names none of them', () => {
    const setError = vi.fn();
    const error = refusal({ other: 'не наше' });
    showServerErrors<Form>(error, setError, ['text']);

    expect(setError).not.toHaveBeenCalled();
    expect(showErrorNotice).toHaveBeenCalledWith(error);
  });

  it('leaves a 401 to the API client', () => {
    vi.mocked(showErrorNotice).mockClear();
    const setError = vi.fn();
    showServerErrors<Form>(new ApiError(401, { code: 'UNAUTHORIZED' }), setError, ['text']);

    expect(setError).not.toHaveBeenCalled();
    expect(showErrorNotice).not.toHaveBeenCalled();
  });
});
