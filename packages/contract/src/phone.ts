// No zod here: the web app's first page normalises phones without loading the schemas.

/** Normalises «+7 (912) 345-67-89», «89123456789», «9123456789» to «+79123456789». */
export function normalizeRussianPhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  const national =
    digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))
      ? digits.slice(1)
      : digits.length === 10
        ? digits
        : null;
  if (!national || !national.startsWith('9')) return null;
  return `+7${national}`;
}

/**
 * «+79123456789», «89123456789» → «+7 (912) 345-67-89», as a person reads it; what is not a
 * Russian mobile number is shown as it is.
 */
export function formatPhone(phone: string): string {
  const normalized = normalizeRussianPhone(phone);
  if (!normalized) return phone;
  const digits = normalized.slice(2);
  return `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
}
