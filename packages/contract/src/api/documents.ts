import { z } from 'zod';
import { DOCUMENT_GROUPS, type DocumentGroup } from '../documents';

/**
 * The company's documents: which exist, their Russian titles and the group (spec §9) whose list
 * call shows them. The server renders each kind to PDF; the lists answer `{ link, name }` (spec §3).
 */

export const DOCUMENT_KIND_CODES = [
  'personal_data_consent',
  'terms_of_service',
  'asp_agreement',
  'privacy_policy',
  'marketing_consent',
  'loan_application',
  'bki_consent',
  'debt_load_notice',
  'individual_terms',
  'payment_schedule',
  'insurance_application',
  'prolongation_agreement',
  'closure_certificate',
  'loan_statement',
  'insurance_refusal',
  'credit_holiday_notice',
] as const;
export type DocumentKind = (typeof DOCUMENT_KIND_CODES)[number];
export const documentKindSchema = z.enum(DOCUMENT_KIND_CODES, { error: 'Неизвестный документ' });

export interface DocumentKindInfo {
  readonly code: DocumentKind;
  readonly title: string;
  readonly group: DocumentGroup;
  /**
   * The client accepts it personally (consent, application, contract), so the PDF carries the
   * signature block or «Документ не подписан». Public rules of the company (policy, general
   * terms) are not signed by the client and show neither.
   */
  readonly signedByClient: boolean;
  /**
   * Produced only in some cases: the insurance application exists only when one was chosen, the
   * debt-load notice only when the ПДН is above 50 %, the closure certificate only once the loan
   * is repaid in full.
   */
  readonly optional: boolean;
}

function kind(
  code: DocumentKind,
  title: string,
  group: DocumentGroup,
  flags: { signedByClient: boolean; optional?: boolean },
): DocumentKindInfo {
  return { code, title, group, signedByClient: flags.signedByClient, optional: !!flags.optional };
}

/** In the order the lists show them. */
export const DOCUMENT_KINDS: readonly DocumentKindInfo[] = [
  kind('personal_data_consent', 'Согласие на обработку персональных данных', 'register_docs', {
    signedByClient: true,
  }),
  kind(
    'terms_of_service',
    'Правила предоставления микрозаймов и Общие условия договора потребительского микрозайма',
    'register_docs',
    { signedByClient: false },
  ),
  kind(
    'asp_agreement',
    'Соглашение об использовании аналога собственноручной подписи',
    'register_docs',
    { signedByClient: true },
  ),
  kind('privacy_policy', 'Политика обработки персональных данных', 'register_docs', {
    signedByClient: false,
  }),
  kind(
    'marketing_consent',
    'Согласие на получение рекламных и информационных сообщений',
    'register_docs',
    { signedByClient: true },
  ),
  kind('loan_application', 'Заявление на предоставление микрозайма', 'orders_docs', {
    signedByClient: true,
  }),
  kind('bki_consent', 'Согласие на запрос в бюро кредитных историй', 'orders_docs', {
    signedByClient: true,
  }),
  // 353-FZ art. 5.1: signed before the contract when the ПДН is above 50 %.
  kind(
    'debt_load_notice',
    'Уведомление о значении показателя долговой нагрузки',
    'contracts_docs',
    { signedByClient: true, optional: true },
  ),
  kind(
    'individual_terms',
    'Индивидуальные условия договора потребительского микрозайма',
    'contracts_docs',
    { signedByClient: true },
  ),
  kind('payment_schedule', 'График платежей', 'contracts_docs', { signedByClient: true }),
  kind(
    'insurance_application',
    'Заявление на предоставление дополнительной услуги страхования',
    'contracts_docs',
    { signedByClient: true, optional: true },
  ),
  kind('prolongation_agreement', 'Дополнительное соглашение о пролонгации', 'prolongation_docs', {
    signedByClient: true,
  }),
  // Issued by the company (its signature block), never signed by the client.
  kind('closure_certificate', 'Справка о погашении займа', 'contracts_docs', {
    signedByClient: false,
    optional: true,
  }),
  // The client's refusal of the insurance (353-FZ art. 7 part 2.7), filed in the cabinet.
  kind(
    'insurance_refusal',
    'Заявление об отказе от дополнительной услуги страхования',
    'contracts_docs',
    { signedByClient: false, optional: true },
  ),
  // Free information about the debt (353-FZ art. 10), for any month of a given loan.
  kind('loan_statement', 'Выписка по займу', 'contracts_docs', {
    signedByClient: false,
    optional: true,
  }),
  // Issued on the approval of credit holidays (353-FZ art. 6.1-1, 377-FZ): the changed terms.
  kind(
    'credit_holiday_notice',
    'Уведомление об изменении условий: кредитные каникулы',
    'contracts_docs',
    {
      signedByClient: false,
      optional: true,
    },
  ),
];

export function documentKindInfo(code: DocumentKind): DocumentKindInfo {
  const info = DOCUMENT_KINDS.find((entry) => entry.code === code);
  if (!info) throw new RangeError(`Unknown document kind: ${code}`);
  return info;
}

export function documentKindsOfGroup(group: DocumentGroup): readonly DocumentKindInfo[] {
  return DOCUMENT_KINDS.filter((entry) => entry.group === group);
}

/** One entry of a documents list (spec §3): where to GET the PDF and what to call it. */
export const documentLinkSchema = z.object({
  link: z.string(),
  name: z.string(),
});
export type DocumentLink = z.infer<typeof documentLinkSchema>;

export const documentGroupSchema = z.enum(DOCUMENT_GROUPS, { error: 'Неизвестная группа' });
