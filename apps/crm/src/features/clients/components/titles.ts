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
};

const PHOTO_KINDS: Record<string, string> = {
  passport_main: 'Паспорт: разворот с фото',
  passport_registration: 'Паспорт: регистрация',
  selfie: 'Селфи с паспортом',
};

const CHANNELS: Record<string, string> = { sms: 'SMS', email: 'Письмо' };

function titleOf(titles: Record<string, string>, code: string): string {
  return titles[code] ?? code;
}

export const orderStatusTitle = (code: string) => titleOf(ORDER_STATUSES, code);
export const ledgerKindTitle = (code: string) => titleOf(LEDGER_KINDS, code);
export const photoKindTitle = (code: string) => titleOf(PHOTO_KINDS, code);
export const channelTitle = (code: string) => titleOf(CHANNELS, code);

export function fullName(parts: {
  surname: string | null;
  name: string | null;
  patronymic: string | null;
}): string {
  return [parts.surname, parts.name, parts.patronymic].filter(Boolean).join(' ') || 'Без имени';
}
