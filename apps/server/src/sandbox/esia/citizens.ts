import type { BiometricOutcome } from '../../db/schema';

/*
 * The sandbox ЕСИА's test citizens. What each one does is data here, listed on the login page
 * and in docs/sandbox.md (sandbox-docs.test.ts checks). An oid is the citizen's four-digit key
 * and six more digits: «000000» for the citizen's own account, random ones for a fresh account
 * of the same person (the login page's «новая учётная запись»), so journeys can sign up again.
 */

export interface TestCitizen {
  key: string;
  /** On the login page and in the docs. */
  title: string;
  /** What happens, in a tester's words. */
  behaviour: string;
  /** A confirmed account (trusted): identity checked in person or with a qualified signature. */
  trusted: boolean;
  /** The citizen declines to share data: the flow returns with access_denied. */
  refusesConsent: boolean;
  /** The answer of the sandbox ЕБС to «prove it's you». */
  biometrics: BiometricOutcome;
  person: {
    lastName: string;
    firstName: string;
    middleName?: string;
    birthDate: string;
    birthPlace: string;
    gender: 'M' | 'F';
    snils: string;
    inn: string;
  };
  passport: {
    series: string;
    number: string;
    issueDate: string;
    issueId: string;
    issuedBy: string;
  };
  registration: {
    addressStr: string;
    zipCode: string;
    region: string;
    city: string;
    street: string;
    house: string;
    flat?: string;
  };
  mobile: string;
  email: string;
}

const MOSCOW_ADDRESS = {
  addressStr: 'г Москва, ул Тверская, д 7, кв 12',
  zipCode: '125009',
  region: 'Москва',
  city: 'Москва',
  street: 'Тверская',
  house: '7',
  flat: '12',
};

const MVD_MOSCOW = 'ГУ МВД России по г. Москве';

export const TEST_CITIZENS: readonly TestCitizen[] = [
  {
    key: '1001',
    title: 'Госуслугин Пётр Алексеевич',
    behaviour: 'подтверждённая учётная запись, биометрия сдана: проверка «это вы» проходит',
    trusted: true,
    refusesConsent: false,
    biometrics: 'match',
    person: {
      lastName: 'Госуслугин',
      firstName: 'Пётр',
      middleName: 'Алексеевич',
      birthDate: '12.07.1988',
      birthPlace: 'гор. Москва',
      gender: 'M',
      snils: '112-233-445 95',
      inn: '770112345678',
    },
    passport: {
      series: '4512',
      number: '100001',
      issueDate: '20.05.2012',
      issueId: '770001',
      issuedBy: MVD_MOSCOW,
    },
    registration: MOSCOW_ADDRESS,
    mobile: '+7(916)1000001',
    email: 'gosuslugin@example.ru',
  },
  {
    key: '1002',
    title: 'Биометрова Анна Сергеевна',
    behaviour: 'подтверждённая учётная запись, биометрия не сдана: проверка «это вы» не проходит',
    trusted: true,
    refusesConsent: false,
    biometrics: 'not_enrolled',
    person: {
      lastName: 'Биометрова',
      firstName: 'Анна',
      middleName: 'Сергеевна',
      birthDate: '03.02.1992',
      birthPlace: 'гор. Тверь',
      gender: 'F',
      snils: '112-233-446 96',
      inn: '690112345679',
    },
    passport: {
      series: '2813',
      number: '200002',
      issueDate: '15.03.2013',
      issueId: '690001',
      issuedBy: 'УФМС России по Тверской обл.',
    },
    registration: {
      ...MOSCOW_ADDRESS,
      addressStr: 'г Москва, ул Тверская, д 9, кв 3',
      house: '9',
      flat: '3',
    },
    mobile: '+7(916)1000002',
    email: 'biometrova@example.ru',
  },
  {
    key: '1003',
    title: 'Неподтверждённый Олег Ильич',
    behaviour: 'учётная запись не подтверждена: данные не принимаются',
    trusted: false,
    refusesConsent: false,
    biometrics: 'not_enrolled',
    person: {
      lastName: 'Неподтверждённый',
      firstName: 'Олег',
      middleName: 'Ильич',
      birthDate: '21.10.1985',
      birthPlace: 'гор. Казань',
      gender: 'M',
      snils: '112-233-447 97',
      inn: '160112345670',
    },
    passport: {
      series: '9205',
      number: '300003',
      issueDate: '01.11.2005',
      issueId: '160001',
      issuedBy: 'ОВД Вахитовского р-на г. Казани',
    },
    registration: MOSCOW_ADDRESS,
    mobile: '+7(916)1000003',
    email: 'nepodtverzhdenny@example.ru',
  },
  {
    key: '1004',
    title: 'Несогласная Вера Павловна',
    behaviour: 'отказывается предоставить данные: вход не состоится',
    trusted: true,
    refusesConsent: true,
    biometrics: 'match',
    person: {
      lastName: 'Несогласная',
      firstName: 'Вера',
      middleName: 'Павловна',
      birthDate: '08.08.1979',
      birthPlace: 'гор. Самара',
      gender: 'F',
      snils: '112-233-448 98',
      inn: '630112345671',
    },
    passport: {
      series: '3604',
      number: '400004',
      issueDate: '10.09.2024',
      issueId: '630001',
      issuedBy: 'ГУ МВД России по Самарской обл.',
    },
    registration: MOSCOW_ADDRESS,
    mobile: '+7(916)1000004',
    email: 'nesoglasnaya@example.ru',
  },
  {
    key: '1005',
    title: 'Другойпаспорт Иван Иванович',
    behaviour:
      'паспорт 45 10 654321 — не тот, что клиент ввёл сам: расхождение показывается, данные не заменяются',
    trusted: true,
    refusesConsent: false,
    biometrics: 'no_match',
    person: {
      lastName: 'Другойпаспорт',
      firstName: 'Иван',
      middleName: 'Иванович',
      birthDate: '15.03.1990',
      birthPlace: 'гор. Москва',
      gender: 'M',
      snils: '112-233-449 99',
      inn: '770112345672',
    },
    passport: {
      series: '4510',
      number: '654321',
      issueDate: '10.04.2010',
      issueId: '772001',
      issuedBy: 'ОВД района Тверской г. Москвы',
    },
    registration: MOSCOW_ADDRESS,
    mobile: '+7(916)1000005',
    email: 'drugoy@example.ru',
  },
];

/** The account of a citizen: their own (fresh false) or a new one of the same person. */
export function oidOf(citizen: TestCitizen, fresh: boolean, random: () => number): string {
  const suffix = fresh ? String(100_000 + Math.floor(random() * 900_000)) : '000000';
  return `${citizen.key}${suffix}`;
}

export function citizenOfOid(oid: string): TestCitizen | null {
  if (!/^\d{10}$/.test(oid)) return null;
  return TEST_CITIZENS.find((citizen) => oid.startsWith(citizen.key)) ?? null;
}
