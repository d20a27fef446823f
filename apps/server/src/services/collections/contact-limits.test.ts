import type { ContactChannel } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import { WorkingDays } from '../credit-history/working-days';
import {
  checkContact,
  localTimeOf,
  type ContactQuestion,
  type ProtectionPeriod,
} from './contact-limits';
import { ALL_RUSSIAN_ZONES, timeZonesOfRegion } from './time-zones';

const calendar = new WorkingDays();
const VLADIVOSTOK = 'Asia/Vladivostok';
const KALININGRAD = 'Europe/Kaliningrad';
const MOSCOW = 'Europe/Moscow';

function ask(
  channel: ContactChannel,
  now: string,
  options: {
    history?: readonly [ContactChannel, string][];
    zones?: readonly string[];
    protections?: readonly ProtectionPeriod[];
  } = {},
) {
  const question: ContactQuestion = {
    channel,
    now: new Date(now),
    history: (options.history ?? []).map(([past, at]) => ({ channel: past, at: new Date(at) })),
    timeZones: options.zones ?? [MOSCOW],
    calendar,
    protections: options.protections ?? [],
  };
  return checkContact(question);
}

function refusal(verdict: ReturnType<typeof checkContact>) {
  if (verdict.allowed) throw new Error('expected a refusal');
  return { ...verdict, next: verdict.nextAllowedAt?.toISOString() ?? null };
}

describe('contact hours in the debtor’s local time (230-FZ art. 7 part 3 item 1, part 5 item 1)', () => {
  // Friday 2026-11-27, a working day. Vladivostok is UTC+10, Kaliningrad UTC+2.
  it('21:59 is allowed and 22:00 refused in Vladivostok while Kaliningrad is in mid-afternoon', () => {
    expect(ask('call', '2026-11-27T11:59:00Z', { zones: [VLADIVOSTOK] }).allowed).toBe(true);
    const late = refusal(ask('call', '2026-11-27T12:00:00Z', { zones: [VLADIVOSTOK] }));
    expect(late.code).toBe('CONTACT_HOURS');
    expect(late.law).toBe('ст. 7 ч. 3 п. 1 230-ФЗ');
    // Saturday: the window opens at 9:00 local.
    expect(late.next).toBe('2026-11-27T23:00:00.000Z');
    expect(ask('call', '2026-11-27T12:00:00Z', { zones: [KALININGRAD] }).allowed).toBe(true);
  });

  it('7:59 is refused and 8:00 allowed in Kaliningrad on a working day', () => {
    const early = refusal(ask('sms', '2026-11-27T05:59:00Z', { zones: [KALININGRAD] }));
    expect(early.code).toBe('CONTACT_HOURS');
    expect(early.law).toBe('ст. 7 ч. 5 п. 1 230-ФЗ');
    expect(early.next).toBe('2026-11-27T06:00:00.000Z');
    expect(ask('sms', '2026-11-27T06:00:00Z', { zones: [KALININGRAD] }).allowed).toBe(true);
  });

  it('on a day off only 9:00–20:00: Saturday and a public holiday', () => {
    // Saturday 2026-11-28 in Moscow (UTC+3).
    expect(refusal(ask('call', '2026-11-28T05:59:00Z')).code).toBe('CONTACT_HOURS');
    expect(ask('call', '2026-11-28T06:00:00Z').allowed).toBe(true);
    expect(ask('call', '2026-11-28T16:59:00Z').allowed).toBe(true);
    const evening = refusal(ask('call', '2026-11-28T17:00:00Z'));
    expect(evening.code).toBe('CONTACT_HOURS');
    // Sunday opens at 9:00 too.
    expect(evening.next).toBe('2026-11-29T06:00:00.000Z');
    // Wednesday 2026-11-04, National Unity Day: 8:30 is too early, 20:30 too late.
    expect(refusal(ask('call', '2026-11-04T05:30:00Z')).code).toBe('CONTACT_HOURS');
    expect(refusal(ask('call', '2026-11-04T17:30:00Z')).code).toBe('CONTACT_HOURS');
    // The next day is a working day: 20:30 is fine there.
    expect(ask('call', '2026-11-05T17:30:00Z').allowed).toBe(true);
  });

  it('an unknown region allows only the hours allowed in every Russian zone', () => {
    expect(timeZonesOfRegion(null)).toEqual(ALL_RUSSIAN_ZONES);
    // 8:30 Moscow is 7:30 in Kaliningrad; the first moment good everywhere is 9:00 Moscow.
    const verdict = refusal(ask('call', '2026-11-27T05:30:00Z', { zones: ALL_RUSSIAN_ZONES }));
    expect(verdict.code).toBe('CONTACT_HOURS');
    expect(verdict.next).toBe('2026-11-27T06:00:00.000Z');
    expect(ask('call', '2026-11-27T06:00:00Z', { zones: ALL_RUSSIAN_ZONES }).allowed).toBe(true);
    // 13:00 Moscow is 22:00 in Kamchatka.
    expect(refusal(ask('call', '2026-11-27T10:00:00Z', { zones: ALL_RUSSIAN_ZONES })).code).toBe(
      'CONTACT_HOURS',
    );
  });
});

describe('how often (230-FZ art. 7 part 3 item 3, part 5 item 2)', () => {
  it('a second call in a calendar day is refused until the next day’s window', () => {
    const verdict = refusal(
      ask('call', '2026-11-24T15:00:00Z', { history: [['call', '2026-11-24T07:00:00Z']] }),
    );
    expect(verdict.code).toBe('CONTACT_LIMIT_REACHED');
    expect(verdict.law).toBe('ст. 7 ч. 3 п. 3 «а» 230-ФЗ');
    expect(verdict.next).toBe('2026-11-25T05:00:00.000Z');
  });

  it('a third call in a calendar week is refused until Monday; a message still goes', () => {
    const history: [ContactChannel, string][] = [
      ['call', '2026-11-23T07:00:00Z'],
      ['call', '2026-11-24T07:00:00Z'],
    ];
    const verdict = refusal(ask('call', '2026-11-25T07:00:00Z', { history }));
    expect(verdict.code).toBe('CONTACT_LIMIT_REACHED');
    expect(verdict.law).toBe('ст. 7 ч. 3 п. 3 «б» 230-ФЗ');
    expect(verdict.reason).toContain('Не больше 2 звонков в неделю');
    expect(verdict.next).toBe('2026-11-30T05:00:00.000Z');
    expect(ask('sms', '2026-11-25T07:00:00Z', { history }).allowed).toBe(true);
    // The next calendar week starts afresh.
    expect(ask('call', '2026-11-30T07:00:00Z', { history }).allowed).toBe(true);
  });

  it('a ninth call in a calendar month is refused until the 1st', () => {
    const history: [ContactChannel, string][] = [
      '2026-11-02',
      '2026-11-03',
      '2026-11-09',
      '2026-11-10',
      '2026-11-16',
      '2026-11-17',
      '2026-11-23',
      '2026-11-24',
    ].map((day) => ['call', `${day}T07:00:00Z`]);
    const verdict = refusal(ask('call', '2026-11-30T07:00:00Z', { history }));
    expect(verdict.law).toBe('ст. 7 ч. 3 п. 3 «в» 230-ФЗ');
    expect(verdict.next).toBe('2026-12-01T05:00:00.000Z');
  });

  it('messages: a third in a day, a fifth in a week, a seventeenth in a month', () => {
    const day: [ContactChannel, string][] = [
      ['sms', '2026-11-24T07:00:00Z'],
      ['email', '2026-11-24T08:00:00Z'],
    ];
    expect(refusal(ask('voice', '2026-11-24T09:00:00Z', { history: day })).law).toBe(
      'ст. 7 ч. 5 п. 2 «а» 230-ФЗ',
    );
    const week: [ContactChannel, string][] = [
      ...day,
      ['sms', '2026-11-25T07:00:00Z'],
      ['sms', '2026-11-25T08:00:00Z'],
    ];
    expect(refusal(ask('sms', '2026-11-26T07:00:00Z', { history: week })).law).toBe(
      'ст. 7 ч. 5 п. 2 «б» 230-ФЗ',
    );
    const month: [ContactChannel, string][] = ['02', '03', '09', '10', '16', '17', '23', '24']
      .flatMap((date) => [`2026-11-${date}T07:00:00Z`, `2026-11-${date}T08:00:00Z`])
      .map((at) => ['sms', at]);
    expect(refusal(ask('sms', '2026-11-30T07:00:00Z', { history: month })).law).toBe(
      'ст. 7 ч. 5 п. 2 «в» 230-ФЗ',
    );
  });

  it('the calendar day is the debtor’s: 23:30 Moscow is already tomorrow in Vladivostok', () => {
    // A call logged at 23:30 Moscow on the 24th: 6:30 on the 25th in Vladivostok.
    const history: [ContactChannel, string][] = [['call', '2026-11-24T20:30:00Z']];
    expect(
      refusal(ask('call', '2026-11-25T07:00:00Z', { history, zones: [VLADIVOSTOK] })).code,
    ).toBe('CONTACT_LIMIT_REACHED');
    // In Moscow those two moments fall on different days.
    expect(ask('call', '2026-11-25T07:00:00Z', { history }).allowed).toBe(true);
  });
});

describe('protections (230-FZ art. 7 part 1, art. 8)', () => {
  it('a refusal of interaction stops every channel with no next moment', () => {
    const verdict = refusal(
      ask('sms', '2026-11-27T09:00:00Z', {
        protections: [{ kind: 'refusal', from: '2026-11-20', until: null }],
      }),
    );
    expect(verdict.code).toBe('CONTACT_REFUSED_BY_DEBTOR');
    expect(verdict.law).toBe('ст. 8 ч. 1 п. 2 230-ФЗ');
    expect(verdict.next).toBeNull();
  });

  it('a hospital stay stops contact until the day after it ends, in allowed hours', () => {
    const protections: ProtectionPeriod[] = [
      { kind: 'hospital', from: '2026-11-20', until: '2026-11-27' },
    ];
    const verdict = refusal(ask('call', '2026-11-27T09:00:00Z', { protections }));
    expect(verdict.code).toBe('CONTACT_PROTECTED_PERIOD');
    // Saturday the 28th, 9:00 Moscow.
    expect(verdict.next).toBe('2026-11-28T06:00:00.000Z');
    expect(ask('call', '2026-11-28T07:00:00Z', { protections }).allowed).toBe(true);
    expect(ask('call', '2026-11-19T09:00:00Z', { protections }).allowed).toBe(true);
  });
});

describe('time zone of the registration region', () => {
  it.each([
    ['Приморский край', VLADIVOSTOK],
    ['Калининградская обл', KALININGRAD],
    ['г Москва', MOSCOW],
    ['Томская обл', 'Asia/Tomsk'],
    ['Омская обл', 'Asia/Omsk'],
    ['Сахалинская обл', 'Asia/Sakhalin'],
    ['Респ Саха /Якутия/', 'Asia/Yakutsk'],
    ['Ямало-Ненецкий АО', 'Asia/Yekaterinburg'],
    ['Ненецкий АО', MOSCOW],
    ['Тульская обл', MOSCOW],
  ])('%s → %s', (region, zone) => {
    expect(timeZonesOfRegion(region)).toEqual([zone]);
  });
});

describe('the debtor’s wall clock', () => {
  const intl = (instant: Date, zone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(instant)
        .map((part) => [part.type, part.value]),
    );
    return {
      date: `${parts.year}-${parts.month}-${parts.day}`,
      hour: Number(parts.hour),
      minute: Number(parts.minute),
    };
  };

  it('reads what Intl reads, across a zone’s change of offset and every Russian zone', () => {
    // Moscow went from +4 to +3 at 2014-10-26 02:00 local; Berlin keeps summer time.
    const changes = [
      ['Europe/Moscow', '2014-10-25T21:00:00Z'],
      ['Europe/Berlin', '2026-03-29T00:30:00Z'],
      ['Europe/Berlin', '2026-10-25T00:30:00Z'],
    ] as const;
    for (const [zone, around] of changes) {
      for (let minutes = 0; minutes <= 150; minutes += 7) {
        const instant = new Date(new Date(around).getTime() + minutes * 60_000);
        expect(localTimeOf(instant, zone), `${zone} ${instant.toISOString()}`).toEqual(
          intl(instant, zone),
        );
      }
    }
    for (const zone of ALL_RUSSIAN_ZONES) {
      for (let hours = 0; hours < 24 * 40; hours += 5) {
        const instant = new Date(Date.UTC(2026, 11, 1) + hours * 3_600_000 + 59 * 60_000);
        expect(localTimeOf(instant, zone)).toEqual(intl(instant, zone));
      }
    }
  });
});
