import { describe, expect, it } from 'vitest';
import { fileNameOf, fillPath } from './api-client';

describe('api client helpers', () => {
  it('fills :params, each value encoded, lists of ids kept as one segment', () => {
    expect(fillPath('/pay/payment/:contract', { contract: 'ЗМ 1/2' })).toBe(
      '/pay/payment/%D0%97%D0%9C%201%2F2',
    );
    expect(fillPath('/documents/loan_documents/:ids', { ids: '42,41' })).toBe(
      '/documents/loan_documents/42,41',
    );
    expect(() => fillPath('/orders/:orderId/reject', {})).toThrow(/orderId/);
  });

  it('reads the name a file answer gives itself, the RFC 5987 one first', () => {
    const russian = `attachment; filename="______-2026-11-24.csv"; filename*=UTF-8''${encodeURIComponent('журнал')}-2026-11-24.csv`;
    expect(fileNameOf(russian)).toBe('журнал-2026-11-24.csv');
    expect(fileNameOf('inline; filename="individual_terms.pdf"')).toBe('individual_terms.pdf');
    expect(fileNameOf('attachment; filename="a.csv"; filename*=UTF-8\'\'%E0%A4%A')).toBe('a.csv');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
