import { documentKindInfo } from '@zaymo/contract';
import { fields, paragraph, section, type DocumentContent } from '../content';
import { formatDays, money } from '../format';
import { clientReference, companyReference } from '../parties';
import type { InsuranceApplicationData } from '../types';
import { contractReference, LAW_353 } from './common';

export function insuranceApplication(data: InsuranceApplicationData): DocumentContent {
  const { company, client, loan, insurance } = data;
  return {
    title: documentKindInfo('insurance_application').title,
    subtitle: [`к договору потребительского микрозайма ${contractReference(loan)}`],
    blocks: [
      paragraph(
        `Я, ${clientReference(client)}, прошу ${companyReference(company)} (далее — Кредитор) ` +
          'оказать мне дополнительную услугу — подключение к программе добровольного ' +
          'страхования на следующих условиях:',
      ),
      fields([
        ['Программа страхования', insurance.name],
        ['Стоимость услуги', money(insurance.price)],
        ['Срок страхования', `на срок займа — ${formatDays(loan.days)}`],
        ['Порядок оплаты', 'Единовременно, в день предоставления займа'],
      ]),
      ...section('Я подтверждаю и уведомлен(а), что:', [
        '1. Услуга выбрана мною добровольно. Отказ от нее не влияет на решение о предоставлении ' +
          'займа и на его условия, в том числе на процентную ставку.',
        '2. Я вправе отказаться от услуги в течение тридцати календарных дней со дня выражения ' +
          'согласия на ее оказание, направив заявление Кредитору, и получить возврат уплаченной ' +
          'суммы за вычетом части, пропорциональной времени, в течение которого услуга ' +
          `оказывалась, в порядке статьи 7 ${LAW_353}.`,
        '3. С условиями программы страхования, размещенными на сайте ' +
          `${company.site_url}, ознакомлен(а).`,
      ]),
    ],
  };
}
