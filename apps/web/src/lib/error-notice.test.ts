import { describe, expect, it } from 'vitest';
import { useNotificationsStore } from '@/stores/notifications';
import { ApiError } from '@zaymo/web-kit';
import { showErrorNotice } from './error-notice';

function shownMessages() {
  return Object.values(useNotificationsStore.getState().notifications).map(({ message, type }) => ({
    message,
    type,
  }));
}

describe('showErrorNotice', () => {
  it('shows the response data message as an error notification', () => {
    showErrorNotice(new ApiError(422, { message: 'Карта не поддерживается' }));

    expect(shownMessages()).toEqual([{ message: 'Карта не поддерживается', type: 'error' }]);
  });

  it('appends the suffix after the message', () => {
    showErrorNotice(new ApiError(500, { message: 'Сервис недоступен.' }), 'Попробуйте позже.');

    expect(shownMessages()[0]?.message).toBe('Сервис недоступен. Попробуйте позже.');
  });

  it('reads response.data.message of other clients’ errors', () => {
    showErrorNotice({ message: 'Request failed', response: { data: { message: 'Неверный код' } } });

    expect(shownMessages()[0]?.message).toBe('Неверный код');
  });

  it('falls back to the error’s own message', () => {
    showErrorNotice(new Error('Не удалось прочитать файл'));

    expect(shownMessages()[0]?.message).toBe('Не удалось прочитать файл');
  });

  it('shows «Что-то пошло не так...» for an existing but empty message', () => {
    showErrorNotice(new ApiError(500, { message: '' }), 'Код 500.');

    expect(shownMessages()).toEqual([
      { message: 'Что-то пошло не так... Код 500.', type: 'error' },
    ]);
  });

  it('shows the generic text for an API error without a body message', () => {
    showErrorNotice(new ApiError(502, '<html>Bad gateway</html>'));

    expect(shownMessages()[0]?.message).toBe('Что-то пошло не так...');
  });

  it('shows nothing when there is no message at all', () => {
    showErrorNotice({ status: 500 });
    showErrorNotice(null);
    showErrorNotice(undefined);

    expect(shownMessages()).toEqual([]);
  });
});
