import { documentKindInfo } from '@zaymo/contract';
import { fields, paragraph, section, type DocumentContent } from '../content';
import { formatDate, formatDays, formatPskPercent, money } from '../format';
import { clientReference, companyReference } from '../parties';
import type { ProlongationAgreementData } from '../types';
import { chargesCapPercent, contractReference, LAW_353, rateText } from './common';

function summary({ loan, prolongation }: ProlongationAgreementData) {
  return fields([
    ['Договор', contractReference(loan)],
    ['Сумма основного долга', money(loan.principal)],
    ['Плата за пролонгацию (начисленные проценты)', money(prolongation.price)],
    ['Срок продления', formatDays(prolongation.days)],
    ['Новая дата возврата', formatDate(prolongation.newDueDate)],
    ['Сумма к возврату', money(prolongation.sumDue)],
    [
      'ПСК с учетом пролонгации',
      `${formatPskPercent(prolongation.psk.percent)} % годовых; ${money(prolongation.psk.amount)}`,
    ],
  ]);
}

function clauses({ loan, prolongation }: ProlongationAgreementData): string[] {
  return [
    `1. Срок возврата займа продлевается на ${formatDays(prolongation.days)}. Новая дата ` +
      `возврата — ${formatDate(prolongation.newDueDate)}. В эту дату Заемщик возвращает ` +
      `${money(prolongation.sumDue)}: остаток основного долга и проценты, начисленные по эту дату ` +
      'включительно. Полная стоимость займа с учетом пролонгации составляет ' +
      `${formatPskPercent(prolongation.psk.percent)} % годовых (${money(prolongation.psk.amount)}).`,
    '2. Соглашение вступает в силу в момент поступления Кредитору платежа Заемщика в размере ' +
      `${money(prolongation.price)} в счет процентов, начисленных на дату заключения соглашения.`,
    `3. Сумма основного долга составляет ${money(loan.principal)} и не изменяется. Неуплаченные ` +
      'проценты к сумме основного долга не присоединяются.',
    `4. На период пролонгации проценты начисляются по ставке ${rateText(loan.dailyRatePercent)} ` +
      'на остаток основного долга. Общая сумма процентов, неустойки и иных платежей по договору ' +
      `с учетом ранее начисленных не превысит ${chargesCapPercent(loan)} % суммы займа ` +
      `(часть 24 статьи 5 ${LAW_353}).`,
    '5. Остальные условия договора не изменяются. Соглашение подписано аналогом ' +
      'собственноручной подписи и является неотъемлемой частью договора.',
  ];
}

export function prolongationAgreement(data: ProlongationAgreementData): DocumentContent {
  const { company, client, loan, prolongation } = data;
  return {
    title: `${documentKindInfo('prolongation_agreement').title} № ${prolongation.agreementNumber ?? 1}`,
    subtitle: [`к договору потребительского микрозайма ${contractReference(loan)}`],
    blocks: [
      paragraph(
        `${companyReference(company)} (далее — Кредитор) и ${clientReference(client)} (далее — ` +
          'Заемщик) заключили настоящее соглашение о нижеследующем.',
      ),
      summary(data),
      ...section('Условия соглашения', clauses(data)),
    ],
  };
}
