/*
 * What the client reads when the bank or the gateway refuses a card operation.
 *
 * Best2Pay reports the outcome of an operation in `reason_code` (1 = success). Code 2 is
 * «insufficient funds»; the other numbers follow our reading of the Reason Code table of the
 * Best2Pay manual, which is not public — check them against the manual of the contracted sector.
 * An unknown code reads as a plain bank refusal, and the sandbox gateway uses these same
 * constants, so its test cards produce exactly these texts.
 */

export const REASON_CODES = {
  approved: 1,
  insufficientFunds: 2,
  declinedByBank: 3,
  invalidCard: 4,
  expiredCard: 5,
  limitExceeded: 6,
  threeDsFailed: 7,
  timeout: 8,
  cardBlocked: 9,
} as const;

export type ReasonCodeName = keyof typeof REASON_CODES;

export const DECLINED_MESSAGE = 'Банк отклонил операцию';

export const reasonMessages: Readonly<Record<number, string>> = {
  [REASON_CODES.insufficientFunds]: 'Недостаточно средств на карте',
  [REASON_CODES.declinedByBank]: DECLINED_MESSAGE,
  [REASON_CODES.invalidCard]: 'Неверные данные карты. Проверьте номер, срок действия и CVC',
  [REASON_CODES.expiredCard]: 'Истёк срок действия карты',
  [REASON_CODES.limitExceeded]: 'Превышен лимит операций по карте',
  [REASON_CODES.threeDsFailed]: 'Не пройдена проверка 3-D Secure',
  [REASON_CODES.timeout]: 'Время на проведение операции истекло. Попробуйте ещё раз',
  [REASON_CODES.cardBlocked]: 'Карта заблокирована. Обратитесь в банк, выпустивший карту',
};

/** The Russian text for a refused operation's reason code. */
export function reasonMessage(reasonCode: number | null | undefined): string {
  if (reasonCode == null) return DECLINED_MESSAGE;
  return reasonMessages[reasonCode] ?? DECLINED_MESSAGE;
}

/** The gateway refused the request itself (`<error>`): nothing the client can fix. */
export const GATEWAY_ERROR_MESSAGE =
  'Не удалось провести операцию в платёжном сервисе. Попробуйте позже или обратитесь в поддержку.';

export const GATEWAY_UNAVAILABLE_MESSAGE =
  'Платёжный сервис временно недоступен. Попробуйте позже.';

export const GATEWAY_TIMEOUT_MESSAGE =
  'Платёжный сервис не ответил вовремя. Проверьте статус операции чуть позже.';
