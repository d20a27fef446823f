import { ApiError, NetworkError } from '@zaymo/web-kit';

const FALLBACK = 'Не удалось выполнить запрос. Попробуйте ещё раз.';
const NETWORK = 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.';

/** The text a person reads for a failed call: the server's own message when it gave one. */
export function errorText(error: unknown): string {
  if (error instanceof NetworkError) return NETWORK;
  if (error instanceof ApiError && error.message) return error.message;
  return FALLBACK;
}
