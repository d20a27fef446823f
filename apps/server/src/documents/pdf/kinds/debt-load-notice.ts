import { documentKindInfo } from '@zaymo/contract';
import { fields, notice, paragraph, section, type DocumentContent } from '../content';
import { money } from '../format';
import { clientReference, companyReference } from '../parties';
import type { DebtLoadNoticeData } from '../types';
import { contractReference, LAW_353 } from './common';

/** «62,00 %» */
function percentText(percent: string): string {
  return `${percent.replace('.', ',')} %`;
}

/** Whose average income counted (6579-У): the registration address's region, or the country's. */
function averageOf(region: string | null): string {
  return region
    ? `населения субъекта «${region}» (регион адреса вашей регистрации)`
    : 'населения Российской Федерации';
}

/**
 * The written notice of 353-FZ art. 5.1 to a borrower whose ПДН is above 50 %, signed before the
 * contract. Its wording follows the Bank of Russia's requirements for the notice as we read them;
 * the exact form is for a lawyer to confirm (docs/money-and-law.md «Borrower protections»).
 */
export function debtLoadNotice(data: DebtLoadNoticeData): DocumentContent {
  const { company, client, loan, debtLoad } = data;
  const income = debtLoad.regionalAverage
    ? `${money(debtLoad.income)} — среднедушевой денежный доход ${averageOf(debtLoad.region)} по ` +
      'данным Росстата: заявленный вами доход не подтвержден и выше этой величины'
    : money(debtLoad.income);
  return {
    title: documentKindInfo('debt_load_notice').title,
    subtitle: [`к договору потребительского микрозайма ${contractReference(loan)}`],
    blocks: [
      paragraph(
        `${companyReference(company)} (далее — Кредитор) в соответствии со статьей 5.1 ` +
          `${LAW_353} уведомляет Заемщика о значении показателя долговой нагрузки, ` +
          'рассчитанном при принятии решения о предоставлении займа.',
      ),
      fields([
        ['Заемщик', clientReference(client)],
        ['Сумма займа', money(loan.principal)],
        ['Показатель долговой нагрузки (ПДН)', percentText(debtLoad.percent)],
        [
          'Среднемесячные платежи по всем кредитам и займам, включая этот',
          money(debtLoad.monthlyPayments),
        ],
        ['Среднемесячный доход, использованный в расчете', income],
      ]),
      notice(
        `Значение показателя долговой нагрузки превышает 50 процентов: на погашение кредитов и ` +
          `займов у вас будет уходить ${percentText(debtLoad.percent)} вашего ежемесячного ` +
          'дохода. Это означает, что существует высокий риск неисполнения вами обязательств по ' +
          'договору потребительского займа и применения к вам штрафных санкций.',
      ),
      ...section('Заемщик подтверждает, что:', [
        '1. Ознакомлен с настоящим уведомлением до заключения договора потребительского займа.',
        '2. Понимает риск, связанный со значением показателя долговой нагрузки, и вправе ' +
          'отказаться от заключения договора.',
      ]),
      paragraph(
        'Показатель рассчитан в порядке, установленном Указанием Банка России от 16.10.2023 ' +
          '№ 6579-У, как отношение суммы среднемесячных платежей по всем кредитам и займам ' +
          'Заемщика к величине его среднемесячного дохода.',
      ),
    ],
  };
}
