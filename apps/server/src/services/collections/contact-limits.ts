import type { ContactChannel, IsoDate, ProtectionKind } from '@zaymo/contract';
import { addDays, dayNumberOf } from '@zaymo/contract';

/*
 * The limits of contact with a debtor, 230-FZ «О защите прав и законных интересов физических лиц
 * при осуществлении деятельности по возврату просроченной задолженности», in one table. A pure
 * function of the contacts made, the moment, the debtor's time zone(s), the production calendar
 * and the debtor's protections; the console and the automatic reminders ask the same question.
 */

/** Personal interaction (a call) or a message (SMS, e-mail, voice message). */
export type ContactKind = 'interaction' | 'message';

export function contactKindOf(channel: ContactChannel): ContactKind {
  return channel === 'call' ? 'interaction' : 'message';
}

interface CountLimits {
  readonly day: number;
  readonly week: number;
  readonly month: number;
  /** The article's points, for the refusal's text and the documents. */
  readonly law: { readonly day: string; readonly week: string; readonly month: string };
}

/** At most this many contacts of a kind in a calendar day, week (Monday–Sunday) and month. */
export const CONTACT_COUNT_LIMITS: Readonly<Record<ContactKind, CountLimits>> = {
  // Art. 7 part 3 item 3 «а»–«в»: telephone conversations.
  interaction: {
    day: 1,
    week: 2,
    month: 8,
    law: {
      day: 'ст. 7 ч. 3 п. 3 «а» 230-ФЗ',
      week: 'ст. 7 ч. 3 п. 3 «б» 230-ФЗ',
      month: 'ст. 7 ч. 3 п. 3 «в» 230-ФЗ',
    },
  },
  // Art. 7 part 5 item 2 «а»–«в»: text, voice and other messages over telecommunication networks.
  message: {
    day: 2,
    week: 4,
    month: 16,
    law: {
      day: 'ст. 7 ч. 5 п. 2 «а» 230-ФЗ',
      week: 'ст. 7 ч. 5 п. 2 «б» 230-ФЗ',
      month: 'ст. 7 ч. 5 п. 2 «в» 230-ФЗ',
    },
  },
};

/** Allowed hours in the debtor's local time: [from, to) (art. 7 part 3 item 1, part 5 item 1). */
export const CONTACT_HOURS = {
  workingDay: { from: 8, to: 22 },
  dayOff: { from: 9, to: 20 },
  law: {
    interaction: 'ст. 7 ч. 3 п. 1 230-ФЗ',
    message: 'ст. 7 ч. 5 п. 1 230-ФЗ',
  },
} as const;

/** What each protection forbids, and the law behind it. */
export const PROTECTION_RULES: Readonly<
  Record<ProtectionKind, { readonly code: RefusalCode; readonly law: string }>
> = {
  hospital: { code: 'CONTACT_PROTECTED_PERIOD', law: 'ст. 7 ч. 1 п. 2 230-ФЗ' },
  bankruptcy: { code: 'CONTACT_PROTECTED_PERIOD', law: 'ст. 213.11 п. 2 127-ФЗ' },
  credit_holidays: { code: 'CONTACT_PROTECTED_PERIOD', law: 'ст. 6.1-1 353-ФЗ' },
  refusal: { code: 'CONTACT_REFUSED_BY_DEBTOR', law: 'ст. 8 ч. 1 п. 2 230-ФЗ' },
  representative: { code: 'CONTACT_REFUSED_BY_DEBTOR', law: 'ст. 8 ч. 1 п. 1 230-ФЗ' },
};

export type RefusalCode =
  | 'CONTACT_LIMIT_REACHED'
  | 'CONTACT_HOURS'
  | 'CONTACT_REFUSED_BY_DEBTOR'
  | 'CONTACT_PROTECTED_PERIOD';

export interface PastContact {
  readonly channel: ContactChannel;
  readonly at: Date;
}

export interface ProtectionPeriod {
  readonly kind: ProtectionKind;
  /** Calendar dates in the debtor's local time; `until` inclusive, null: open-ended. */
  readonly from: IsoDate;
  readonly until: IsoDate | null;
}

export interface Calendar {
  isWorkingDay(date: IsoDate): boolean;
}

export interface ContactQuestion {
  readonly channel: ContactChannel;
  readonly now: Date;
  /** The contacts made so far (refused attempts excluded). */
  readonly history: readonly PastContact[];
  /**
   * The debtor's IANA zone; several when the region is unknown: then a moment must be allowed in
   * every one of them.
   */
  readonly timeZones: readonly string[];
  readonly calendar: Calendar;
  readonly protections: readonly ProtectionPeriod[];
}

export type ContactVerdict =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      readonly code: RefusalCode;
      readonly reason: string;
      readonly law: string;
      /** Null when no moment can be named (a refusal of interaction, an open-ended period). */
      readonly nextAllowedAt: Date | null;
    };

// ── Local time ───────────────────────────────────────────────────────────────────────────────────

interface LocalTime {
  readonly date: IsoDate;
  readonly hour: number;
  readonly minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `zone` at `instant`, read through Intl (exact, and slow). */
function formattedLocalTime(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}` as IsoDate,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

const HOUR_MS = 60 * 60_000;

/** The zone's offset from UTC at `instant`, in ms (whole minutes: every zone of Russia). */
function exactOffsetMs(instant: number, timeZone: string): number {
  const shown = wallClockMs(formattedLocalTime(new Date(instant), timeZone));
  return shown - Math.floor(instant / 60_000) * 60_000;
}

/** A wall clock read as if it were UTC, in ms: the difference of two is their distance. */
function wallClockMs(local: LocalTime): number {
  return Date.UTC(
    Number(local.date.slice(0, 4)),
    Number(local.date.slice(5, 7)) - 1,
    Number(local.date.slice(8, 10)),
    local.hour,
    local.minute,
  );
}

/**
 * Offsets by zone and UTC hour: one hour's offset is known from both of its ends when they agree
 * (no zone changes its offset twice within an hour); null when the hour holds a change.
 */
const hourOffsets = new Map<string, Map<number, number | null>>();
/** Hours kept a zone: over a year's. */
const HOURS_KEPT = 10_000;

function offsetOfHour(hour: number, timeZone: string): number | null {
  let ofZone = hourOffsets.get(timeZone);
  if (!ofZone) {
    ofZone = new Map();
    hourOffsets.set(timeZone, ofZone);
  }
  const known = ofZone.get(hour);
  if (known !== undefined) return known;
  const start = exactOffsetMs(hour * HOUR_MS, timeZone);
  const end = exactOffsetMs((hour + 1) * HOUR_MS - 60_000, timeZone);
  const offset = start === end ? start : null;
  if (ofZone.size >= HOURS_KEPT) ofZone.clear();
  ofZone.set(hour, offset);
  return offset;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

export function localTimeOf(instant: Date, timeZone: string): LocalTime {
  const time = instant.getTime();
  const offset = offsetOfHour(Math.floor(time / HOUR_MS), timeZone);
  if (offset === null) return formattedLocalTime(instant, timeZone);
  const wall = new Date(time + offset);
  return {
    date: `${wall.getUTCFullYear()}-${twoDigits(wall.getUTCMonth() + 1)}-${twoDigits(wall.getUTCDate())}` as IsoDate,
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** The instant a wall clock in `timeZone` shows `date` at `hour`:00 (no DST in Russia today). */
export function instantAt(date: IsoDate, hour: number, timeZone: string): Date {
  const wall = wallClockMs({ date, hour, minute: 0 });
  let guess = wall;
  for (let step = 0; step < 2; step += 1) {
    guess += wall - wallClockMs(localTimeOf(new Date(guess), timeZone));
  }
  return new Date(guess);
}

/** Monday of the calendar week of `date`. */
function weekStart(date: IsoDate): IsoDate {
  // 1970-01-01 was a Thursday: day number 0 → 3 days after Monday.
  const sinceMonday = (dayNumberOf(date) + 3) % 7;
  return addDays(date, -sinceMonday);
}

function monthStart(date: IsoDate): IsoDate {
  return `${date.slice(0, 8)}01` as IsoDate;
}

function nextMonthStart(date: IsoDate): IsoDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const next =
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return next as IsoDate;
}

// ── The rules ────────────────────────────────────────────────────────────────────────────────────

type Refusal = Exclude<ContactVerdict, { allowed: true }>;

function protectionRefusal(question: ContactQuestion, zone: string): Refusal | null {
  const today = localTimeOf(question.now, zone).date;
  const active = question.protections.find(
    (period) => period.from <= today && (period.until === null || today <= period.until),
  );
  if (!active) return null;
  const rule = PROTECTION_RULES[active.kind];
  const reason =
    rule.code === 'CONTACT_REFUSED_BY_DEBTOR'
      ? active.kind === 'refusal'
        ? 'Должник отказался от взаимодействия'
        : 'Должник назначил представителя: взаимодействие только через него'
      : active.until === null
        ? 'Должник в периоде, когда закон запрещает взаимодействие'
        : `Должник в периоде, когда закон запрещает взаимодействие, до ${active.until}`;
  return {
    allowed: false,
    code: rule.code,
    reason,
    law: rule.law,
    nextAllowedAt: active.until === null ? null : instantAt(addDays(active.until, 1), 0, zone),
  };
}

function hoursRefusal(question: ContactQuestion, zone: string): Refusal | null {
  const local = localTimeOf(question.now, zone);
  const window = question.calendar.isWorkingDay(local.date)
    ? CONTACT_HOURS.workingDay
    : CONTACT_HOURS.dayOff;
  if (local.hour >= window.from && local.hour < window.to) return null;
  const kind = contactKindOf(question.channel);
  const dayKind = question.calendar.isWorkingDay(local.date) ? 'в рабочий день' : 'в выходной';
  return {
    allowed: false,
    code: 'CONTACT_HOURS',
    reason: `У должника ${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')} ${dayKind}: можно с ${window.from}:00 до ${window.to}:00 по его местному времени`,
    law: CONTACT_HOURS.law[kind],
    nextAllowedAt: nextWindowOpening(question.now, zone, question.calendar),
  };
}

/** The first moment at or after `now` inside the allowed hours of `zone`. */
function nextWindowOpening(now: Date, zone: string, calendar: Calendar): Date {
  const local = localTimeOf(now, zone);
  for (let offset = 0; offset < 14; offset += 1) {
    const date = addDays(local.date, offset);
    const window = calendar.isWorkingDay(date) ? CONTACT_HOURS.workingDay : CONTACT_HOURS.dayOff;
    const opening = instantAt(date, window.from, zone);
    const closing = instantAt(date, window.to, zone);
    if (now < closing) return opening > now ? opening : now;
  }
  return now;
}

function countRefusal(question: ContactQuestion, zone: string): Refusal | null {
  const kind = contactKindOf(question.channel);
  const limits = CONTACT_COUNT_LIMITS[kind];
  const ofKind = question.history.filter((contact) => contactKindOf(contact.channel) === kind);
  // Fewer contacts than the smallest limit fill no period.
  if (ofKind.length < Math.min(limits.day, limits.week, limits.month)) return null;
  const today = localTimeOf(question.now, zone).date;
  const days = ofKind.map((contact) => localTimeOf(contact.at, zone).date);
  const periods = [
    { name: 'day', start: today, next: addDays(today, 1), text: 'в сутки' },
    { name: 'week', start: weekStart(today), next: addDays(weekStart(today), 7), text: 'в неделю' },
    { name: 'month', start: monthStart(today), next: nextMonthStart(today), text: 'в месяц' },
  ] as const;
  const over = periods.filter(
    (period) =>
      days.filter((day) => day >= period.start && day < period.next).length >= limits[period.name],
  );
  const widest = over.at(-1);
  if (!widest) return null;
  const count = limits[widest.name];
  const what =
    kind === 'interaction'
      ? count === 1
        ? 'звонка'
        : 'звонков'
      : count === 1
        ? 'сообщения'
        : 'сообщений';
  return {
    allowed: false,
    code: 'CONTACT_LIMIT_REACHED',
    reason: `Не больше ${count} ${what} ${widest.text}: лимит исчерпан`,
    law: limits.law[widest.name],
    nextAllowedAt: instantAt(widest.next, 0, zone),
  };
}

function refusalIn(question: ContactQuestion, zone: string): Refusal | null {
  return (
    protectionRefusal(question, zone) ??
    countRefusal(question, zone) ??
    hoursRefusal(question, zone)
  );
}

/** The first refusal over every zone of the debtor, in the order the law is most absolute. */
function firstRefusal(question: ContactQuestion): Refusal | null {
  for (const zone of question.timeZones) {
    const refusal = refusalIn(question, zone);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * Whether the contact is allowed now and, if not, the reason, the law and the next moment it
 * would be: found by moving to the moment each refusal names until none is left.
 */
export function checkContact(question: ContactQuestion): ContactVerdict {
  const refusal = firstRefusal(question);
  if (!refusal) return { allowed: true };
  let next = refusal.nextAllowedAt;
  for (let step = 0; next !== null && step < 64; step += 1) {
    const later = firstRefusal({ ...question, now: next });
    if (!later) return { ...refusal, nextAllowedAt: next };
    next = later.nextAllowedAt;
  }
  return { ...refusal, nextAllowedAt: null };
}
