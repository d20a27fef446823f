import { documentKindInfo, kopecks } from '@zaymo/contract';
import { fields, heading, paragraph, type Block, type DocumentContent } from '../content';
import { formatDate, money } from '../format';
import { clientName, clientReference, companyReference } from '../parties';
import type { ClosureCertificateData } from '../types';

/*
 * «Справка о погашении займа»: the company states that the loan is repaid in full and the
 * borrower's obligations under the contract are fulfilled. Issued by the company (its signature
 * block), not signed by the client.
 */

function contractLine({ loan }: ClosureCertificateData): string {
  return `№ ${loan.contractNumber} от ${formatDate(loan.contractDate)}`;
}

function summary(data: ClosureCertificateData): Block {
  const { loan, client } = data;
  return fields([
    ['Заемщик', clientName(client)],
    ['Договор потребительского микрозайма', contractLine(data)],
    ['Сумма займа', money(loan.principal)],
    ['Дата полного погашения', formatDate(loan.repaidOn)],
    ['Уплачено по договору, всего', money(loan.totalPaid)],
    ['Задолженность на дату справки', money(kopecks(0n))],
  ]);
}

function statement(data: ClosureCertificateData): string {
  const { company, client, loan } = data;
  return (
    `${companyReference(company)} (далее — Кредитор) настоящим подтверждает, что ` +
    `${clientReference(client)} (далее — Заемщик) ${formatDate(loan.repaidOn)} полностью ` +
    `погасил(а) заем по договору потребительского микрозайма ${contractLine(data)} на сумму ` +
    `${money(loan.principal)}. Обязательства Заемщика по договору исполнены в полном объеме. ` +
    'Задолженности по основному долгу, процентам, неустойке и иным платежам нет; Кредитор ' +
    'претензий к Заемщику по договору не имеет.'
  );
}

function companySignature({ company, date }: ClosureCertificateData): Block[] {
  return [
    heading('Кредитор'),
    fields([
      ['Наименование', company.legal_name],
      ['ОГРН / ИНН', `${company.ogrn} / ${company.inn}`],
      ['Дата выдачи справки', formatDate(date)],
      ['Генеральный директор', '____________________ / ____________________ /'],
    ]),
    paragraph('М. П.'),
  ];
}

/** Once the bureau acknowledged it (218-FZ art. 5): the borrower sees the history is updated. */
export function bureauLine(reportedOn: string): string {
  return `Сведения о погашении переданы в бюро кредитных историй ${formatDate(reportedOn)}.`;
}

export function closureCertificate(data: ClosureCertificateData): DocumentContent {
  const reported = data.bureauReportedOn ? [paragraph(bureauLine(data.bureauReportedOn))] : [];
  return {
    title: documentKindInfo('closure_certificate').title,
    subtitle: [`по договору потребительского микрозайма ${contractLine(data)}`],
    blocks: [paragraph(statement(data)), ...reported, summary(data), ...companySignature(data)],
  };
}
