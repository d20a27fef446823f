import { documentKindInfo } from '@zaymo/contract';
import { fields, heading, paragraph, type Block, type DocumentContent } from '../content';
import { formatDate, money } from '../format';
import { clientName } from '../parties';
import type { LoanStatementData } from '../types';

/*
 * «Выписка по займу»: what the borrower owes at the statement's date and every movement of the
 * month — the figures of the loan card (today's payoff, the sum due on the due date if nothing is
 * paid, the charges so far against their cap, the dated payment). Free of charge, as 353-FZ
 * art. 10 wants information about the debt to be.
 */

function contractLine({ loan }: LoanStatementData): string {
  return `№ ${loan.contractNumber} от ${formatDate(loan.contractDate)}`;
}

function movementsTable({ movements }: LoanStatementData): Block {
  if (movements.length === 0) return paragraph('Движений по займу за период не было.');
  return {
    type: 'table',
    columns: [
      { header: 'Дата', width: 72, align: 'center' },
      { header: 'Операция', width: '*' },
      { header: 'Сумма', width: 96, align: 'right' },
    ],
    rows: movements.map((row) => [formatDate(row.date), row.title, money(row.amount)]),
  };
}

function debtFields({ figures, period }: LoanStatementData): Block {
  const onDue = figures.dueDateTotal;
  return fields([
    [`Задолженность на ${formatDate(period.to)}, всего`, money(figures.total)],
    ['в том числе основной долг', money(figures.principal)],
    ['проценты', money(figures.interest)],
    ['неустойка (пени)', money(figures.penalty)],
    [
      `Без платежей к ${formatDate(figures.dueDate)}`,
      onDue === null ? 'срок возврата наступил' : money(onDue),
    ],
    [
      'Начислено процентов и неустойки',
      `${money(figures.charged)} из ${money(figures.chargesCap)} возможных`,
    ],
  ]);
}

export function loanStatement(data: LoanStatementData): DocumentContent {
  const { client, loan, period } = data;
  return {
    title: documentKindInfo('loan_statement').title,
    subtitle: [
      `по договору потребительского микрозайма ${contractLine(data)}`,
      `за период с ${formatDate(period.from)} по ${formatDate(period.to)}`,
    ],
    blocks: [
      fields([
        ['Заемщик', clientName(client)],
        ['Сумма займа', money(loan.principal)],
      ]),
      heading('Задолженность'),
      debtFields(data),
      heading('Операции за период'),
      movementsTable(data),
      paragraph(
        'Больше указанной суммы процентов и неустойки по договору начислено быть не может ' +
          '(часть 24 статьи 5 Федерального закона от 21.12.2013 № 353-ФЗ). Выписка ' +
          'предоставляется бесплатно (статья 10 того же закона) и доступна в личном кабинете ' +
          'за каждый месяц пользования займом.',
      ),
    ],
  };
}
