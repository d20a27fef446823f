import { documentKindInfo, kopecks } from '@zaymo/contract';
import { fields, paragraph, type Block, type DocumentContent } from '../content';
import { formatDate, formatDays, formatPskPercent, money } from '../format';
import { clientName } from '../parties';
import type { ContractDocumentData } from '../types';
import { contractReference, rateText } from './common';

function scheduleTable({ loan }: ContractDocumentData): Block {
  return {
    type: 'table',
    columns: [
      { header: '№', width: 24, align: 'center' },
      { header: 'Дата платежа', width: 72, align: 'center' },
      { header: 'Сумма платежа', width: '*', align: 'right' },
      { header: 'Основной долг', width: '*', align: 'right' },
      { header: 'Проценты', width: '*', align: 'right' },
      { header: 'Остаток основного долга после платежа', width: '*', align: 'right' },
    ],
    rows: [
      [
        '1',
        formatDate(loan.dueDate),
        money(loan.totalToReturn),
        money(loan.principal),
        money(loan.interest),
        money(kopecks(0n)),
      ],
      ['', 'Итого', money(loan.totalToReturn), money(loan.principal), money(loan.interest), ''],
    ],
  };
}

export function paymentSchedule(data: ContractDocumentData): DocumentContent {
  const { client, loan } = data;
  return {
    title: documentKindInfo('payment_schedule').title,
    subtitle: [`по договору потребительского микрозайма ${contractReference(loan)}`],
    blocks: [
      fields([
        ['Заемщик', clientName(client)],
        ['Сумма займа', money(loan.principal)],
        ['Дата предоставления', formatDate(loan.contractDate)],
        ['Срок займа', formatDays(loan.days)],
        ['Процентная ставка', rateText(loan.dailyRatePercent)],
        [
          'Полная стоимость кредита (займа)',
          `${formatPskPercent(loan.psk.percent)} % годовых; ${money(loan.psk.amount)}`,
        ],
      ]),
      scheduleTable(data),
      paragraph(
        'Платеж вносится не позднее указанной даты. При досрочном возврате проценты ' +
          'уплачиваются за фактический срок пользования займом; при частичном досрочном ' +
          'возврате или пролонгации график пересчитывается и публикуется в личном кабинете.',
      ),
    ],
  };
}
