import { DOCUMENT_KINDS, type EmploymentType } from '@zaymo/contract';

/** Russian names of the server's codes the card shows; an unknown code is shown as it is. */
const ORDER_STATUSES: Record<string, string> = {
  NEW: 'Новая',
  ACCEPTED: 'На рассмотрении',
  APPROVED: 'Одобрена',
  REFUSED: 'Отказ',
  GIVEN: 'Выдан',
  FAIL_TO_GIVE: 'Не удалось выдать',
  REPAID: 'Погашен',
  REJECTED_BY_CLIENT: 'Отказ клиента',
  EXPIRED: 'Просрочен',
  SIGNED: 'Подписан',
  DRAFT: 'Черновик',
  INACTIVE: 'Неактивна',
  PRE_APPROVED: 'Предварительно одобрена',
  MANUAL_REVIEW: 'Ручная проверка',
};

const LEDGER_KINDS: Record<string, string> = {
  payout: 'Выдача',
  interest: 'Проценты',
  penalty: 'Неустойка',
  payment: 'Платёж',
  prolongation_fee: 'Оплата продления',
  refund: 'Возврат',
  reversal: 'Сторно',
  insurance_premium: 'Страховая премия',
  write_off: 'Списание (полное погашение зачислено позже)',
  insurance_refund: 'Возврат страховой премии (отказ от страховки)',
};

const PHOTO_KINDS: Record<string, string> = {
  passport_main: 'Паспорт: разворот с фото',
  passport_registration: 'Паспорт: регистрация',
  selfie: 'Селфи с паспортом',
};

const GENDERS: Record<string, string> = { MALE: 'мужской', FEMALE: 'женский' };

/** The identity step «работа» as the cabinet sends it (apps/web identity step 4). */
const WORK_FIELDS: Record<string, string> = {
  employment_type: 'Занятость',
  employer_name: 'Работодатель',
  employer_inn: 'ИНН работодателя',
  position: 'Должность',
  monthly_income: 'Доход в месяц (анкета)',
  email: 'Эл. почта (анкета)',
};

const EMPLOYMENT_TITLES: Readonly<Record<EmploymentType, string>> = {
  employed: 'работает по найму',
  self_employed: 'самозанятый',
  entrepreneur: 'предприниматель',
  pensioner: 'пенсионер',
  student: 'студент',
  unemployed: 'не работает',
};

const CHANNELS: Record<string, string> = { sms: 'SMS', email: 'Письмо' };

/** Consents are the company's documents: their titles are the contract's. */
const DOCUMENT_TITLES: Readonly<Record<string, string>> = Object.fromEntries(
  DOCUMENT_KINDS.map((kind) => [kind.code, kind.title]),
);

function titleOf(titles: Readonly<Record<string, string>>, code: string): string {
  return titles[code] ?? code;
}

export const orderStatusTitle = (code: string) => titleOf(ORDER_STATUSES, code);
export const ledgerKindTitle = (code: string) => titleOf(LEDGER_KINDS, code);
export const photoKindTitle = (code: string) => titleOf(PHOTO_KINDS, code);
export const genderTitle = (code: string) => titleOf(GENDERS, code);
export const workFieldTitle = (code: string) => titleOf(WORK_FIELDS, code);
export const employmentTitle = (code: string) => titleOf(EMPLOYMENT_TITLES, code);
export const channelTitle = (code: string) => titleOf(CHANNELS, code);
export const documentTitle = (code: string) => titleOf(DOCUMENT_TITLES, code);

export function fullName(parts: {
  surname: string | null;
  name: string | null;
  patronymic: string | null;
}): string {
  return [parts.surname, parts.name, parts.patronymic].filter(Boolean).join(' ') || 'Без имени';
}
