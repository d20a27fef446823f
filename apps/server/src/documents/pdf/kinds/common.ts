import {
  chargesCapAmount,
  chargesCapFor,
  DEFAULT_LOAN_LIMITS,
  type CompanySettings,
  type LoanLimits,
} from '@zaymo/contract';
import type { FieldRow } from '../content';
import {
  formatDate,
  formatDailyPercent,
  money,
  ratioAsPercent,
  yearlyPercentOfDaily,
} from '../format';
import type { LoanTerms } from '../types';

/** Where the cap on all charges of a consumer microloan is set. */
export const CHARGES_CAP_ARTICLE = 'части 24 статьи 5';

export const LAW_353 =
  'Федерального закона от 21.12.2013 № 353-ФЗ «О потребительском кредите (займе)»';
export const LAW_151 =
  'Федерального закона от 02.07.2010 № 151-ФЗ «О микрофинансовой деятельности и микрофинансовых организациях»';
export const LAW_152 = 'Федерального закона от 27.07.2006 № 152-ФЗ «О персональных данных»';
export const LAW_63 = 'Федерального закона от 06.04.2011 № 63-ФЗ «Об электронной подписи»';
export const LAW_38 = 'Федерального закона от 13.03.2006 № 38-ФЗ «О рекламе»';
export const LAW_218 = 'Федерального закона от 30.12.2004 № 218-ФЗ «О кредитных историях»';

export function limitsOf(loan: LoanTerms): LoanLimits {
  return loan.limits ?? DEFAULT_LOAN_LIMITS;
}

/** «0,8 % в день (292,000 % годовых)». */
export function rateText(dailyRatePercent: string): string {
  return (
    `${formatDailyPercent(dailyRatePercent)} % в день ` +
    `(${yearlyPercentOfDaily(dailyRatePercent)} % годовых)`
  );
}

export function chargesCapPercent(loan: LoanTerms): string {
  return ratioAsPercent(chargesCapFor(loan.contractDate, limitsOf(loan)));
}

export function penaltyPercent(loan: LoanTerms): string {
  return ratioAsPercent(limitsOf(loan).maxPenaltyYearlyRate);
}

/**
 * 353-FZ art. 5 part 23: the cap on all charges (its size: part 24) stated on the first page
 * before the table of the individual terms, with the penalty base after an overdue.
 */
export function chargesCapWarning(loan: LoanTerms): string {
  const cap = chargesCapAmount(loan.principal, loan.contractDate, limitsOf(loan));
  return (
    'Кредитор не вправе начислять Заемщику проценты, неустойку (штрафы, пени), иные меры ' +
    'ответственности, а также платежи за услуги, оказываемые Кредитором Заемщику за отдельную ' +
    `плату, после того, как их общая сумма достигнет ${chargesCapPercent(loan)} % суммы ` +
    `предоставленного займа (${money(cap)}). После возникновения просрочки исполнения ` +
    'обязательства Заемщика по возврату суммы займа и (или) уплате причитающихся процентов ' +
    'Кредитор вправе начислять Заемщику неустойку (штрафы, пени) и иные меры ответственности ' +
    'только на не погашенную Заемщиком часть суммы основного долга.'
  );
}

/** The charges caps in force, as configured: «до 01.04.2026 — 130 %, с 01.04.2026 — 100 %». */
export function chargesCapsDescription(limits: LoanLimits = DEFAULT_LOAN_LIMITS): string {
  const rules = limits.chargesCaps;
  return rules
    .map((rule, index) => {
      const percent = `${ratioAsPercent(rule.ratio)} %`;
      const next = rules[index + 1]?.from;
      if (rule.from === null) {
        return next ? `для договоров, заключенных до ${formatDate(next)}, — ${percent}` : percent;
      }
      return `для договоров, заключенных с ${formatDate(rule.from)}, — ${percent}`;
    })
    .join('; ');
}

export function contractReference(loan: LoanTerms): string {
  return `№ ${loan.contractNumber} от ${formatDate(loan.contractDate)}`;
}

export function companyFields(company: CompanySettings): FieldRow[] {
  return [
    ['Наименование', company.legal_name],
    ['ОГРН / ИНН', `${company.ogrn} / ${company.inn}`],
    ['Запись в государственном реестре МФО', company.cbr_register_entry],
    ['Адрес', company.address],
    ['Телефон, e-mail', `${company.support_phone}, ${company.support_email}`],
    ['Сайт', company.site_url],
  ];
}
