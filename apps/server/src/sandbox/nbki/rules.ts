import { addDays, kopecks, roubles, type Kopecks } from '@zaymo/contract';
import { randomUUID } from 'node:crypto';
import { dealUidOf } from '../../integrations/bureau/nbki/deal-uid';
import type { ReplyAccount } from '../../integrations/bureau/nbki/report-reply';

/*
 * How the sandbox bureau answers: by words a tester writes in the client's birth place (identity
 * step 1), which reaches the bureau in the request (PersonReq/placeOfBirth) exactly as a real
 * bureau would get it. Case and «ё» do not matter; the words combine («г. Тверь займов 2 пск 250
 * платёж 8000 просрочка 45»). docs/sandbox.md and /dev/test list this table.
 */

export interface SandboxBureauRule {
  /** What to write in the birth place. */
  readonly words: string;
  readonly answer: string;
}

export const SANDBOX_BUREAU_RULES: readonly SandboxBureauRule[] = [
  { words: 'самозапрет', answer: 'в истории действует самозапрет на займы (с прошлого месяца)' },
  {
    words: 'займов N',
    answer: 'N открытых займов других кредиторов: ПСК 250 %, платёж 5 000 ₽ в месяц, долг 10 000 ₽',
  },
  { words: 'пск P', answer: 'ПСК этих займов — P % годовых (например «пск 150,5»)' },
  { words: 'платёж S', answer: 'среднемесячный платёж по каждому из них — S ₽' },
  { words: 'просрочка D', answer: 'по одному из них (или по новому займу) просрочка D дней' },
  { words: 'погашен D', answer: 'ещё один заём с той же ПСК полностью погашен D дней назад' },
  { words: 'нет истории', answer: 'бюро не знает человека: кредитной истории нет' },
  { words: 'бюро молчит', answer: 'бюро не отвечает дольше, чем сервер ждёт (BUREAU_TIMEOUT_MS)' },
  { words: 'бюро сбой', answer: 'бюро отвечает ошибкой 500' },
];

export type SandboxAnswer =
  | { readonly kind: 'silence' }
  | { readonly kind: 'failure' }
  | { readonly kind: 'no_record' }
  | {
      readonly kind: 'report';
      readonly selfBanSince: string | null;
      readonly accounts: readonly ReplyAccount[];
    };

const DEFAULT_PSK = '250.000';
const DEFAULT_PAYMENT = roubles(5_000);
const DEFAULT_AMOUNT = roubles(10_000);

function normalized(text: string): string {
  return text.toLocaleLowerCase('ru').replace(/ё/g, 'е');
}

function number(text: string, pattern: RegExp): number | null {
  const match = pattern.exec(text);
  return match?.[1] ? Number.parseInt(match[1], 10) : null;
}

function percent(text: string): string {
  const match = /пск\s+(\d{1,4})(?:[.,](\d{1,3}))?/.exec(text);
  if (!match) return DEFAULT_PSK;
  return `${match[1]}.${(match[2] ?? '').padEnd(3, '0')}`;
}

function account(
  today: string,
  psk: string,
  payment: Kopecks,
  options: { overdueDays?: number; closedDaysAgo?: number } = {},
): ReplyAccount {
  const overdueDays = options.overdueDays ?? 0;
  const closed = options.closedDaysAgo !== undefined;
  const openedOn = addDays(today, -(30 + overdueDays + (options.closedDaysAgo ?? 0)));
  const dueDate = addDays(openedOn, 30);
  const outstanding = closed ? kopecks(0n) : DEFAULT_AMOUNT;
  return {
    uid: dealUidOf(randomUUID()),
    openedOn,
    closedOn: closed ? addDays(today, -(options.closedDaysAgo ?? 0)) : null,
    pskPercent: psk,
    monthlyPayment: closed ? kopecks(0n) : payment,
    outstanding,
    overdue: overdueDays > 0 ? outstanding : kopecks(0n),
    daysPastDue: overdueDays,
    amount: DEFAULT_AMOUNT,
    dueDate,
    overdueSince: overdueDays > 0 ? addDays(today, -overdueDays) : null,
  };
}

/** The sandbox bureau's answer for a birth place, on the sandbox clock's `today`. */
export function sandboxAnswerFor(birthPlace: string | null, today: string): SandboxAnswer {
  const text = normalized(birthPlace ?? '');
  if (text.includes('бюро молчит')) return { kind: 'silence' };
  if (text.includes('бюро сбой')) return { kind: 'failure' };
  if (text.includes('нет истории')) return { kind: 'no_record' };
  const psk = percent(text);
  const rub = number(text, /плат[её]ж\s+(\d{1,7})/);
  const payment = rub === null ? DEFAULT_PAYMENT : roubles(rub);
  const open = Math.min(number(text, /займов\s+(\d{1,2})/) ?? 0, 20);
  const overdueDays = number(text, /просрочка\s+(\d{1,4})/);
  const accounts = Array.from({ length: open }, (_, index) =>
    account(today, psk, payment, { overdueDays: index === 0 ? (overdueDays ?? 0) : 0 }),
  );
  if (open === 0 && overdueDays !== null) {
    accounts.push(account(today, psk, payment, { overdueDays }));
  }
  const closedDaysAgo = number(text, /погашен\s+(\d{1,3})/);
  if (closedDaysAgo !== null) accounts.push(account(today, psk, payment, { closedDaysAgo }));
  const selfBanSince = text.includes('самозапрет') ? addDays(today, -30) : null;
  return { kind: 'report', selfBanSince, accounts };
}
