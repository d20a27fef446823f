import {
  divideRounded,
  formatMoney,
  isIsoDate,
  parsePercent,
  type IsoDate,
  type Kopecks,
  type Ratio,
} from '@zaymo/contract';

/** What a document prints for a detail the client has not filled in yet. */
export const MISSING = '—';

export function orMissing(value: string | undefined | null): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : MISSING;
}

/** '2026-11-21' → «21.11.2026»; a missing date → «—»; anything else is a bug and throws. */
export function formatDate(date: IsoDate | undefined): string {
  if (date === undefined || date === '') return MISSING;
  if (!isIsoDate(date)) throw new RangeError(`Not an ISO date: «${date}»`);
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}

const moscowDateTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** An ISO instant as the client's documents show it: «21.11.2026 14:35:07 (МСК)». */
export function formatMoscowDateTime(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an ISO instant: «${instant}»`);
  return `${moscowDateTime.format(date).replace(',', '')} (МСК)`;
}

export function money(value: Kopecks): string {
  return formatMoney(value);
}

/** A share as a Russian percentage without float steps: 13/10 → «130», 1/125 → «0,8». */
export function ratioAsPercent({ numerator, denominator }: Ratio): string {
  const thousandths = divideRounded(numerator * 100_000n, denominator);
  const whole = thousandths / 1000n;
  const fraction = (thousandths % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return fraction ? `${whole},${fraction}` : `${whole}`;
}

function parsedPercent(text: string): Ratio {
  const rate = parsePercent(text);
  if (!rate) throw new RangeError(`Not a percentage: «${text}»`);
  return rate;
}

/** '0.8' (percent a day) → «0,8». */
export function formatDailyPercent(dailyPercent: string): string {
  return ratioAsPercent(parsedPercent(dailyPercent));
}

/** '0.8' (percent a day) → «292,000»: the yearly rate, 365 days, three decimals as in ПСК. */
export function yearlyPercentOfDaily(dailyPercent: string): string {
  const { numerator, denominator } = parsedPercent(dailyPercent);
  const thousandths = divideRounded(numerator * 365n * 100_000n, denominator);
  return `${thousandths / 1000n},${(thousandths % 1000n).toString().padStart(3, '0')}`;
}

/** The ПСК percentage from the wire form '292.000' → «292,000». */
export function formatPskPercent(percent: string): string {
  if (!/^\d+\.\d{3}$/.test(percent)) throw new RangeError(`Not a ПСК percentage: «${percent}»`);
  return percent.replace('.', ',');
}

const pluralRules = new Intl.PluralRules('ru-RU');
const DAY_FORMS: Record<string, string> = { one: 'день', few: 'дня', many: 'дней', other: 'дня' };

/** 1 → «1 день», 3 → «3 дня», 30 → «30 дней». */
export function formatDays(days: number): string {
  return `${days} ${DAY_FORMS[pluralRules.select(days)] ?? 'дней'}`;
}

/**
 * «+79123456789» → «+7 912 ***-**-89». Documents never show a whole phone in a signature block;
 * an already masked value passes through.
 */
export function maskPhone(phone: string): string {
  if (phone.includes('*')) return phone;
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 11) return `+7 ${digits.slice(1, 4)} ***-**-${digits.slice(-2)}`;
  return `***${digits.slice(-2)}`;
}

/** Only the last two digits of a confirmation code ever reach a document. */
export function maskCode(lastDigits: string): string {
  return `****${lastDigits.replace(/\D/g, '').slice(-2)}`;
}
