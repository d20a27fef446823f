import { isValidPersonalInn } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import { innLookupForm } from '../../integrations/fns/inn-lookup';
import { SANDBOX_OTHER_INN, sandboxFnsReply, sandboxInnOf } from './rules';

describe('the sandbox «Узнать ИНН»', () => {
  it('knows a valid ИНН made of the passport’s digits for any other passport', () => {
    expect(sandboxInnOf('4506123456')).toBe('450612345614');
    expect(isValidPersonalInn(sandboxInnOf('4512345678'))).toBe(true);
    expect(sandboxFnsReply('45 06 123456')).toEqual({ kind: 'found', inn: '450612345614' });
  });

  it('answers by the passport number’s ending', () => {
    expect(sandboxFnsReply('45 06 120000')).toEqual({ kind: 'not_found' });
    expect(sandboxFnsReply('45 06 129999')).toEqual({ kind: 'found', inn: SANDBOX_OTHER_INN });
    expect(sandboxFnsReply('45 06 125555')).toEqual({ kind: 'failure' });
    expect(isValidPersonalInn(SANDBOX_OTHER_INN)).toBe(true);
  });
});

describe('the «Узнать ИНН» form', () => {
  it('writes dates and the passport as the ФНС form does', () => {
    const form = innLookupForm({
      surname: 'Смирнова',
      name: 'Анна',
      patronymic: null,
      birthDate: '1990-02-14',
      passportSeriesNumber: '4512345678',
      passportIssueDate: '2015-03-10',
    });
    expect(Object.fromEntries(form)).toMatchObject({
      c: 'innMy',
      fam: 'Смирнова',
      nam: 'Анна',
      otch: '',
      opt_otch: '1',
      bdate: '14.02.1990',
      doctype: '21',
      docno: '45 12 345678',
      docdt: '10.03.2015',
    });
  });
});
