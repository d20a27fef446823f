import type { Page } from '@playwright/test';
import { authOf, expectOk } from './api';

/** The name part of step 1; the sandbox surnames decide scoring («Одобренов», «Отказова»). */
export type Person = {
  surname: string;
  name: string;
  patronymic: string;
  gender: 'MALE' | 'FEMALE';
};

export const TEST_BIRTH_DATE = '1990-03-15';

/** A sandbox identity that scoring always approves; a СБП bank names him «Пётр Иванович О.». */
export const APPROVED_PERSON: Person = {
  surname: 'Одобренов',
  name: 'Пётр',
  patronymic: 'Иванович',
  gender: 'MALE',
};

/**
 * Valid bodies of identity steps 1–4 for this person (a fresh passport number and e-mail). The
 * birth place is what the sandbox bureau answers by («самозапрет», «займов 2 пск 250», …).
 */
const MOSCOW_ADDRESS = {
  value: 'г Москва, ул Тверская, д 7, кв 12',
  postal_code: '125009',
  region: 'Москва',
  city: 'Москва',
  street: 'Тверская',
  house: '7',
  flat: '12',
  fias_id: null,
};

export type RegistrationAddress = typeof MOSCOW_ADDRESS;

/** A registration address in Тыва, a region whose average income is far below the country's. */
export const KYZYL_ADDRESS: RegistrationAddress = {
  value: 'Респ Тыва, г Кызыл, ул Ленина, д 7, кв 12',
  postal_code: '667000',
  region: 'Тыва',
  city: 'Кызыл',
  street: 'Ленина',
  house: '7',
  flat: '12',
  fias_id: null,
};

function identityStepBodies(
  person: Person,
  birthPlace: string,
  monthlyIncome: string,
  address: RegistrationAddress = MOSCOW_ADDRESS,
): Record<number, unknown> {
  const passportNumber = String(Date.now()).slice(-6);
  return {
    1: { ...person, no_patronymic: false, birth_date: TEST_BIRTH_DATE, birth_place: birthPlace },
    2: {
      series_number: `4510${passportNumber}`,
      issue_date: '2010-04-10',
      division_code: '772-001',
      issued_by: 'ОВД района Тверской г. Москвы',
    },
    3: { registration: address, residence_same: true, residence: null },
    4: {
      employment_type: 'employed',
      employer_name: 'ПАО "СБЕРБАНК"',
      employer_inn: '7707083893',
      position: 'Кассир',
      monthly_income: monthlyIncome,
      email: `client${passportNumber}@example.com`,
    },
  };
}

/** A small real JPEG drawn on a canvas in the page. */
async function drawnPhoto(page: Page, label: string) {
  const base64 = await page.evaluate((text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#dfe8f5';
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#1f2933';
    context.font = 'bold 32px sans-serif';
    context.fillText(text, 40, 240);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1] ?? '';
  }, label);
  return { name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

/** Identity steps 1–5 of the client signed in in this page, through the API; the card step stays. */
export async function fillIdentityByApi(
  page: Page,
  person: Person,
  birthPlace = 'гор. Москва',
  monthlyIncome = '90000',
  registration?: RegistrationAddress,
): Promise<void> {
  const steps = identityStepBodies(person, birthPlace, monthlyIncome, registration);
  await saveStepsByApi(page, steps, [1, 2, 3, 4]);
  await sendPhotosByApi(page);
}

/**
 * Steps 4 and 5 (work and photos) through the API, for a client whose steps 1–3 came from
 * Госуслуги; the card step stays.
 */
export async function finishIdentityByApi(page: Page): Promise<void> {
  await saveStepsByApi(page, identityStepBodies(APPROVED_PERSON, 'гор. Москва', '90000'), [4]);
  await sendPhotosByApi(page);
}

async function saveStepsByApi(
  page: Page,
  bodies: Record<number, unknown>,
  steps: number[],
): Promise<void> {
  const headers = await authOf(page);
  for (const step of steps) {
    await expectOk(
      await page.request.patch(`/api/clients/update?step=${step}`, { headers, data: bodies[step] }),
    );
  }
}

/** The three photos of step 5, then the step itself. */
async function sendPhotosByApi(page: Page): Promise<void> {
  const headers = await authOf(page);
  for (const kind of ['passport_main', 'passport_registration', 'selfie']) {
    const file = await drawnPhoto(page, kind);
    await expectOk(
      await page.request.post('/api/files/validate', { headers, multipart: { kind, file } }),
    );
  }
  await expectOk(await page.request.patch('/api/clients/update?step=5', { headers, data: {} }));
}
