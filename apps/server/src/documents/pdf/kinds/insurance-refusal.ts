import { documentKindInfo } from '@zaymo/contract';
import { fields, heading, paragraph, type Block, type DocumentContent } from '../content';
import { formatDate, formatMoscowDateTime, money } from '../format';
import { clientName, clientReference, companyReference } from '../parties';
import type { InsuranceRefusalData } from '../types';

/*
 * «Заявление об отказе от дополнительной услуги страхования»: the borrower's application under
 * 353-ФЗ ст. 7 ч. 2.7, filed in the cabinet, with the sum to be returned and the last day of the
 * refund (ч. 2.8–2.10; the working days are configuration, docs/money-and-law.md).
 */

function contractLine({ refusal }: InsuranceRefusalData): string {
  return `№ ${refusal.contractNumber} от ${formatDate(refusal.contractDate)}`;
}

function application(data: InsuranceRefusalData): string {
  const { company, client, refusal } = data;
  return (
    `Я, ${clientReference(client)}, на основании части 2.7 статьи 7 Федерального закона ` +
    'от 21.12.2013 № 353-ФЗ «О потребительском кредите (займе)» отказываюсь от дополнительной ' +
    `услуги страхования («${refusal.insurances.join('», «')}»), оказываемой при заключении ` +
    `договора потребительского микрозайма ${contractLine(data)} с ${companyReference(company)}, ` +
    `и прошу вернуть уплаченную за неё сумму ${money(refusal.premium)} на мою банковскую карту.`
  );
}

function summary(data: InsuranceRefusalData): Block {
  const { client, refusal } = data;
  return fields([
    ['Заемщик', clientName(client)],
    ['Договор потребительского микрозайма', contractLine(data)],
    ['Услуга', refusal.insurances.join(', ')],
    ['Сумма к возврату', money(refusal.premium)],
    ['Карта для возврата', refusal.cardMasked ?? 'активная карта в личном кабинете'],
    ['Дата заявления', formatDate(data.date)],
    ['Срок возврата — не позднее', formatDate(refusal.refundDueBy)],
  ]);
}

function filing({ refusal }: InsuranceRefusalData): Block[] {
  return [
    heading('Подача заявления'),
    paragraph(
      `Заявление подано в личном кабинете заемщика ${formatMoscowDateTime(refusal.appliedAt)} ` +
        `с IP-адреса ${refusal.ip}. Сумма займа и долг по договору при отказе не меняются: ` +
        'страховая премия возвращается на карту.',
    ),
  ];
}

export function insuranceRefusal(data: InsuranceRefusalData): DocumentContent {
  return {
    title: documentKindInfo('insurance_refusal').title,
    subtitle: [`по договору потребительского микрозайма ${contractLine(data)}`],
    blocks: [paragraph(application(data)), summary(data), ...filing(data)],
  };
}
