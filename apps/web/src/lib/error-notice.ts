import { GENERIC_ERROR_MESSAGE } from '@zaymo/contract';
import { notify } from '@/stores/notifications';

/**
 * Spec §8 generic error notice: the message comes from the error's response data `message`,
 * else from the error's own message. An existing but empty message shows as «Что-то пошло не
 * так...»; with no message at all nothing is shown. The suffix follows after a space.
 */
export function showErrorNotice(error: unknown, suffix?: string): void {
  const message = errorMessageOf(error);
  if (message === undefined) return;
  const text = [message || GENERIC_ERROR_MESSAGE, suffix].filter(Boolean).join(' ');
  notify({ message: text, type: 'error' });
}

export function errorMessageOf(error: unknown): string | undefined {
  if (!isRecord(error)) return undefined;
  return responseMessage(error) ?? stringField(error, 'message');
}

/** Our ApiError carries `data`; other clients' errors carry `response.data`. */
function responseMessage(error: Record<string, unknown>): string | undefined {
  const response = isRecord(error.response) ? error.response : undefined;
  const data = error.data ?? response?.data;
  return isRecord(data) ? stringField(data, 'message') : undefined;
}

function stringField(record: Record<string, unknown>, field: string): string | undefined {
  const value = record[field];
  return typeof value === 'string' ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
