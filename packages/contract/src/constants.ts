/** Business constants of spec §9 shared by the server and the web app. */
export const TOKEN_MIN_LENGTH_EXCLUSIVE = 27;
export const QUERY_COOKIE_LIFETIME_DAYS = 30;

/**
 * The query parameters spec §4 keeps as cookies for QUERY_COOKIE_LIFETIME_DAYS and appends to the
 * refusal showcase's partner link: marketing attribution only (docs/decisions.md, «The showcase
 * forwards marketing parameters only») — utm_* tags, the ad networks' click ids and the CPA
 * networks' click and sub-ids. Whatever else an address carries (a gateway's callback ids, tokens,
 * codes, the operator flag) is ours: never stored, never sent to a partner.
 */
const MARKETING_PARAM =
  /^(?:utm_[a-z0-9_]{1,40}|gclid|gbraid|wbraid|dclid|fbclid|yclid|ysclid|msclkid|ttclid|twclid|li_fat_id|rb_clickid|click_?id|aff_?id|sub_?id|sub[1-5]|wmid|admitad_uid)$/;

export function isMarketingParam(name: string): boolean {
  return MARKETING_PARAM.test(name.toLowerCase());
}

export const SUGGESTION_COUNT = 5;
export const SUGGESTION_DEBOUNCE_MS = 333;
export const POPUP_OUTSIDE_CLICK_DELAY_MS = 333;
export const TOAST_DEFAULT_TIMEOUT_MS = 5000;
export const ADDRESS_DETAIL_LEVELS = [-1, 0, 1, 3, 4, 5, 6, 65, 7, 75, 8, 9] as const;
export type AddressDetailLevel = (typeof ADDRESS_DETAIL_LEVELS)[number];
export const DEFAULT_ADDRESS_DETAIL_LEVEL: AddressDetailLevel = 65;
export const RECURRENCE_PERIODS = ['Daily', 'Monthly', 'EveryWeek', 'Every2Weeks'] as const;
export type RecurrencePeriod = (typeof RECURRENCE_PERIODS)[number];
export const DEFAULT_TARIFF_PERIOD: RecurrencePeriod = 'Daily';
export const DEFAULT_MAIN_PAGE_LINK = '/loan';
export const GENERIC_ERROR_MESSAGE = 'Что-то пошло не так...';

/** SMS code rules (decisions §4). Here, not beside the SMS schemas: the sign-in screen loads no zod. */
export const SMS_CODE_RULES = {
  ttlSeconds: 300,
  resendAfterSeconds: 60,
  maxWrongAttempts: 5,
  perPhonePerHour: 5,
  perIpPerHour: 20,
} as const;

/** A token is stored only if it is longer than 27 characters (spec §4, §5). */
export function isStorableToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && token.length > TOKEN_MIN_LENGTH_EXCLUSIVE;
}
