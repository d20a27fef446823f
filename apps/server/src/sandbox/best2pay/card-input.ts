import { cardDigits, isLuhnValid } from '@zaymo/contract';

/*
 * The card page's form, checked the way a gateway's page checks it. The number and the CVC live
 * only in this request: the caller masks the number and drops both; they are never stored, logged
 * or sent back to the page.
 */

export interface CardForm {
  readonly pan: string;
  readonly expiry: string;
  readonly holder: string;
  readonly cvc: string;
}

export type CardField = keyof CardForm;
export type CardFieldErrors = Partial<Record<CardField, string>>;

export interface AcceptedCard {
  /** Digits only; mask it and let it go. */
  readonly pan: string;
  /** «MM/YY» */
  readonly expiry: string;
  /** Upper case, as embossed; null when not given (МИР cards often have none). */
  readonly holder: string | null;
}

export type CardCheck =
  | { readonly ok: true; readonly card: AcceptedCard }
  | { readonly ok: false; readonly errors: CardFieldErrors };

export const CARD_MESSAGES = {
  panMissing: 'Введите номер карты',
  panInvalid: 'Неверный номер карты — проверьте цифры',
  expiryFormat: 'Укажите срок действия в формате ММ/ГГ',
  expired: 'Срок действия карты истёк',
  holder: 'Имя владельца — латинскими буквами, как на карте',
  cvc: 'CVC — три цифры на обратной стороне карты',
} as const;

const HOLDER = /^[A-Z][A-Z .'-]{0,62}$/;

function checkPan(text: string): string | null {
  const digits = cardDigits(text);
  if (digits === '') return CARD_MESSAGES.panMissing;
  if (/[^\d\s-]/.test(text) || digits.length < 13 || !isLuhnValid(digits)) {
    return CARD_MESSAGES.panInvalid;
  }
  return null;
}

/** «MM/YY», «MMYY», «MM / YY» → «MM/YY», or null. */
export function normalizeCardExpiry(text: string): string | null {
  const match = /^(0[1-9]|1[0-2])\s*\/?\s*(\d{2})$/.exec(text.trim());
  return match ? `${match[1]}/${match[2]}` : null;
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map(Number);
  const expiryIndex = (2000 + (year ?? 0)) * 12 + (month ?? 0);
  const nowIndex = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  return expiryIndex < nowIndex;
}

function checkExpiry(text: string, now: Date): string | null {
  const expiry = normalizeCardExpiry(text);
  if (!expiry) return CARD_MESSAGES.expiryFormat;
  return isExpired(expiry, now) ? CARD_MESSAGES.expired : null;
}

function normalizeHolder(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toUpperCase();
}

export function checkCard(form: CardForm, now: Date): CardCheck {
  const holder = normalizeHolder(form.holder);
  const errors: CardFieldErrors = {};
  const pan = checkPan(form.pan);
  if (pan) errors.pan = pan;
  const expiry = checkExpiry(form.expiry, now);
  if (expiry) errors.expiry = expiry;
  if (holder !== '' && !HOLDER.test(holder)) errors.holder = CARD_MESSAGES.holder;
  if (!/^\d{3}$/.test(form.cvc.trim())) errors.cvc = CARD_MESSAGES.cvc;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    card: {
      pan: cardDigits(form.pan),
      expiry: normalizeCardExpiry(form.expiry) ?? '',
      holder: holder === '' ? null : holder,
    },
  };
}
