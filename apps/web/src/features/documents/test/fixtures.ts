import type { ClientDocument, DocumentGroup, DocumentKind } from '@zaymo/contract';

/** Documents as the server lists them (GET /documents/client_docs, loan_documents/{ids}). */

export function makeDocument(
  kind: DocumentKind,
  group: DocumentGroup,
  patch: Partial<ClientDocument> = {},
): ClientDocument {
  const orderId = patch.order_id ?? null;
  return {
    kind,
    group,
    name: NAMES[kind],
    link: `documents/file/${kind}${orderId === null ? '' : `?order_id=${orderId}`}`,
    order_id: orderId,
    contract_number: null,
    signature: null,
    ...patch,
  };
}

const NAMES: Record<DocumentKind, string> = {
  personal_data_consent: 'Согласие на обработку персональных данных',
  terms_of_service: 'Правила предоставления микрозаймов',
  asp_agreement: 'Соглашение об использовании АСП',
  privacy_policy: 'Политика обработки персональных данных',
  marketing_consent: 'Согласие на получение рекламных и информационных сообщений',
  loan_application: 'Заявление на предоставление микрозайма',
  bki_consent: 'Согласие на запрос в бюро кредитных историй',
  debt_load_notice: 'Уведомление о значении показателя долговой нагрузки',
  individual_terms: 'Индивидуальные условия',
  payment_schedule: 'График платежей',
  insurance_application: 'Заявление на страхование',
  prolongation_agreement: 'Дополнительное соглашение о пролонгации',
  closure_certificate: 'Справка о погашении займа',
  loan_statement: 'Выписка по займу',
  insurance_refusal: 'Заявление об отказе от дополнительной услуги страхования',
  credit_holiday_notice: 'Уведомление об изменении условий: кредитные каникулы',
};

const SIGNED = { method: 'asp' as const, signed_at: '2026-11-21T11:05:00.000Z' };
const ACCEPTED = { method: 'acceptance' as const, signed_at: '2026-11-20T09:30:00.000Z' };

/** Order 42 signed (contract З-000042), order 40 refused earlier. */
const CONTRACT_42 = { order_id: 42, contract_number: 'З-000042' };
export const LOAN_42 = [
  makeDocument('loan_application', 'orders_docs', { ...CONTRACT_42, signature: ACCEPTED }),
  makeDocument('bki_consent', 'orders_docs', { ...CONTRACT_42, signature: ACCEPTED }),
  makeDocument('individual_terms', 'contracts_docs', {
    ...CONTRACT_42,
    signature: SIGNED,
    checked: true,
  }),
  makeDocument('payment_schedule', 'contracts_docs', {
    ...CONTRACT_42,
    signature: SIGNED,
    checked: true,
  }),
];
export const LOAN_40 = [
  makeDocument('loan_application', 'orders_docs', { order_id: 40, signature: ACCEPTED }),
  makeDocument('bki_consent', 'orders_docs', { order_id: 40, signature: ACCEPTED }),
];
export const REGISTRATION = [
  makeDocument('personal_data_consent', 'register_docs', { signature: ACCEPTED }),
  makeDocument('privacy_policy', 'register_docs'),
];

export function grouped(documents: readonly ClientDocument[]) {
  const groups: Record<DocumentGroup, ClientDocument[]> = {
    register_docs: [],
    orders_docs: [],
    contracts_docs: [],
    prolongation_docs: [],
  };
  for (const document of documents) groups[document.group].push(document);
  return groups;
}
