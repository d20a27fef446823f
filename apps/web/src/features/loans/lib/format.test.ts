import { describe, expect, it } from 'vitest';
import { kopecks, roubles } from '@zaymo/contract';
import { formatPskPercent, roublesInputText } from './format';
import { documentKindOf, documentRequestPath, withOrderId } from './documents';

describe('formats', () => {
  it('shows the ПСК with a decimal comma', () => {
    expect(formatPskPercent('292.000')).toBe('292,000');
    expect(formatPskPercent('1234.500')).toBe('1\u00a0234,500');
  });

  it('shows kopecks as roubles for the number field', () => {
    expect(roublesInputText(roubles(10_000))).toBe('10000');
    expect(roublesInputText(kopecks(1_000_050n))).toBe('10000.5');
  });
});

describe('document links', () => {
  it('appends the order id once', () => {
    expect(withOrderId('/api/documents/contract/individual_terms', 7)).toBe(
      '/api/documents/contract/individual_terms?order_id=7',
    );
    expect(withOrderId('/documents/x?v=2#p', 7)).toBe('/documents/x?v=2&order_id=7#p');
    expect(withOrderId('/documents/x?order_id=7', 7)).toBe('/documents/x?order_id=7');
  });

  it('requests a document without our /api prefix doubled', () => {
    expect(documentRequestPath('/api/documents/a')).toBe('/documents/a');
    expect(documentRequestPath('documents/a')).toBe('/documents/a');
    expect(documentRequestPath('https://cdn.example/a.pdf')).toBe('https://cdn.example/a.pdf');
  });

  it('knows the document kind by its link, else by its title', () => {
    expect(documentKindOf({ link: '/api/documents/preorder/bki_consent?x=1', name: '' })).toBe(
      'bki_consent',
    );
    expect(documentKindOf({ link: '/d/1', name: 'Заявление на предоставление микрозайма' })).toBe(
      'loan_application',
    );
    expect(documentKindOf({ link: '/d/1', name: 'Другое' })).toBeNull();
  });
});
