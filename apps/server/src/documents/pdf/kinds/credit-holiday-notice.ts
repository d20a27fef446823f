import { documentKindInfo } from '@zaymo/contract';
import { fields, heading, paragraph, type Block, type DocumentContent } from '../content';
import { formatDate, money } from '../format';
import { clientName, clientReference, companyReference } from '../parties';
import type { CreditHolidayNoticeData } from '../types';

/*
 * The notice of changed terms on a credit holiday given: 353-FZ art. 6.1-1 for an income drop,
 * 377-FZ of 07.10.2022 for the mobilised. Issued by the company, not signed by the client.
 */

const GROUND_TEXT: Record<CreditHolidayNoticeData['ground'], string> = {
  income_drop:
    'снижение дохода заемщика за два месяца, предшествующих обращению, более чем на 30 % по ' +
    'сравнению со среднемесячным доходом за двенадцать месяцев до них (статья 6.1-1 ' +
    'Федерального закона от 21.12.2013 № 353-ФЗ «О потребительском кредите (займе)»)',
  service:
    'призыв на военную службу по мобилизации, прохождение военной службы по контракту или ' +
    'участие в специальной военной операции заемщика или члена его семьи (Федеральный закон от ' +
    '07.10.2022 № 377-ФЗ)',
};

function contractLine(data: CreditHolidayNoticeData): string {
  return `№ ${data.contractNumber} от ${formatDate(data.contractDate)}`;
}

/** «0.8» as Russian text prints it: «0,8». */
function percentText(percent: string): string {
  return percent.replace('.', ',');
}

function rateLine(data: CreditHolidayNoticeData): string {
  const contract = percentText(data.contractDayPercent);
  return data.holidayDayPercent
    ? `${percentText(data.holidayDayPercent)} % в день (не выше ставки договора ${contract} % в день)`
    : `${contract} % в день — ставка договора`;
}

function statement(data: CreditHolidayNoticeData): string {
  return (
    `${companyReference(data.company)} (далее — Кредитор) уведомляет ${clientReference(data.client)} ` +
    `(далее — Заемщик), что по его требованию условия договора потребительского микрозайма ` +
    `${contractLine(data)} изменены на льготный период (кредитные каникулы) с ` +
    `${formatDate(data.from)} по ${formatDate(data.until)} включительно. Основание: ` +
    `${GROUND_TEXT[data.ground]}.`
  );
}

function terms(data: CreditHolidayNoticeData): Block[] {
  return [
    paragraph(
      'В льготный период платежи по договору не вносятся, неустойка (штраф, пени) не ' +
        'начисляется. Срок возврата займа продлевается на срок льготного периода; проценты за ' +
        'льготный период уплачиваются после его окончания вместе с платежом по новому графику. ' +
        'Сумма всех начислений по договору не превышает ограничений статьи 5 Федерального закона ' +
        '№ 353-ФЗ. Заемщик вправе погасить заем досрочно в любой день льготного периода.',
    ),
    heading('Новый график платежей'),
    fields([
      ['Заемщик', clientName(data.client)],
      ['Льготный период', `${formatDate(data.from)} — ${formatDate(data.until)}`],
      ['Процентная ставка в льготный период', rateLine(data)],
      ['Дата платежа до изменения', formatDate(data.dueDateBefore)],
      ['Новая дата платежа', formatDate(data.dueDateAfter)],
      ['Сумма платежа на новую дату, если не вносить платежи раньше', money(data.dueOnNewDate)],
    ]),
  ];
}

function companySignature(data: CreditHolidayNoticeData): Block[] {
  return [
    heading('Кредитор'),
    fields([
      ['Наименование', data.company.legal_name],
      ['ОГРН / ИНН', `${data.company.ogrn} / ${data.company.inn}`],
      ['Дата уведомления', formatDate(data.date)],
    ]),
  ];
}

export function creditHolidayNotice(data: CreditHolidayNoticeData): DocumentContent {
  return {
    title: documentKindInfo('credit_holiday_notice').title,
    subtitle: [`по договору потребительского микрозайма ${contractLine(data)}`],
    blocks: [paragraph(statement(data)), ...terms(data), ...companySignature(data)],
  };
}
