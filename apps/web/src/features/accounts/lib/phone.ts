import { normalizeRussianPhone } from '@zaymo/contract';

/** «+79123456789» → «+7 (912) 345-67-89»; anything else is shown as it is. */
export function formatPhone(phone: string): string {
  const normalized = normalizeRussianPhone(phone);
  if (!normalized) return phone;
  const digits = normalized.slice(2);
  return `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
}
