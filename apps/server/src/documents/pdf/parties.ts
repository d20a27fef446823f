import type { CompanySettings } from '@zaymo/contract';
import type { FieldRow } from './content';
import { formatDate, orMissing } from './format';
import type { ClientDetails } from './types';

/** «ООО МКК «Займо» (ОГРН …, ИНН …, запись в реестре МФО № …, адрес: …)». */
export function companyReference(company: CompanySettings): string {
  return (
    `${company.legal_name} (ОГРН ${company.ogrn}, ИНН ${company.inn}, регистрационный номер ` +
    `записи в государственном реестре микрофинансовых организаций ${company.cbr_register_entry}, ` +
    `адрес: ${company.address})`
  );
}

export function clientName(client: ClientDetails): string {
  return orMissing(client.fullName);
}

function passportNumber(client: ClientDetails): string {
  const { series, number } = client.passport ?? {};
  return orMissing([series, number].filter(Boolean).join(' '));
}

/** The client as the documents describe them, «—» for every detail not filled in yet. */
export function clientFields(client: ClientDetails): FieldRow[] {
  const passport = client.passport ?? {};
  return [
    ['Фамилия, имя, отчество', clientName(client)],
    ['Дата рождения', formatDate(client.birthDate)],
    ['Паспорт гражданина РФ (серия, номер)', passportNumber(client)],
    ['Кем выдан', orMissing(passport.issuedBy)],
    ['Дата выдачи', formatDate(passport.issueDate)],
    ['Код подразделения', orMissing(passport.divisionCode)],
    ['ИНН', orMissing(client.inn)],
    ['Адрес регистрации', orMissing(client.registrationAddress)],
    ['Телефон', orMissing(client.phone)],
    ['Адрес электронной почты', orMissing(client.email)],
  ];
}

/** «Иванов Иван Иванович, 01.02.1990 г. р., паспорт 4510 123456» for a paragraph. */
export function clientReference(client: ClientDetails): string {
  const birth = client.birthDate ? `, ${formatDate(client.birthDate)} г. р.` : '';
  return `${clientName(client)}${birth}, паспорт ${passportNumber(client)}`;
}
