import {
  type DocumentGroup,
  DOCUMENT_KINDS,
  documentKindInfo,
  documentKindSchema,
  documentKindsOfGroup,
} from '@zaymo/contract';
import { describe, expect, it } from 'vitest';

describe('DOCUMENT_KINDS', () => {
  it('puts each kind in the group whose list shows it', () => {
    const codes = (group: DocumentGroup) => documentKindsOfGroup(group).map((kind) => kind.code);
    expect(codes('register_docs')).toEqual([
      'personal_data_consent',
      'terms_of_service',
      'asp_agreement',
      'privacy_policy',
      'marketing_consent',
    ]);
    expect(codes('orders_docs')).toEqual(['loan_application', 'bki_consent']);
    expect(codes('contracts_docs')).toEqual([
      'debt_load_notice',
      'individual_terms',
      'payment_schedule',
      'insurance_application',
      'closure_certificate',
      'insurance_refusal',
      'loan_statement',
      'credit_holiday_notice',
    ]);
    expect(codes('prolongation_docs')).toEqual(['prolongation_agreement']);
  });

  it('has unique codes with Russian titles', () => {
    const codes = DOCUMENT_KINDS.map((kind) => kind.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const kind of DOCUMENT_KINDS) expect(kind.title).toMatch(/^[А-ЯЁ][а-яё]/);
    expect(documentKindInfo('payment_schedule').title).toBe('График платежей');
  });

  it('marks only the documents some loans have as optional', () => {
    const optional = DOCUMENT_KINDS.filter((kind) => kind.optional).map((kind) => kind.code);
    expect(optional).toEqual([
      'debt_load_notice',
      'insurance_application',
      'closure_certificate',
      'insurance_refusal',
      'loan_statement',
      'credit_holiday_notice',
    ]);
    expect(documentKindInfo('closure_certificate')).toMatchObject({
      title: 'Справка о погашении займа',
      signedByClient: false,
    });
  });

  it('parses kind codes from the wire with a Russian error', () => {
    expect(documentKindSchema.parse('bki_consent')).toBe('bki_consent');
    const result = documentKindSchema.safeParse('passport_scan');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Неизвестный документ');
  });
});
