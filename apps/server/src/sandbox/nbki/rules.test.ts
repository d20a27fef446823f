import { describe, expect, it } from 'vitest';
import { sandboxAnswerFor } from './rules';

const TODAY = '2026-11-26';

describe('the sandbox bureau’s rules', () => {
  it('answers an ordinary person with a clean history', () => {
    expect(sandboxAnswerFor('г. Москва', TODAY)).toEqual({
      kind: 'report',
      selfBanSince: null,
      accounts: [],
    });
  });

  it('reports a self-ban, open loans with their ПСК and payments, an overdue, a closed loan', () => {
    const answer = sandboxAnswerFor(
      'г. Тверь, Самозапрет, займов 2 ПСК 150,5 платёж 8000 просрочка 45 погашен 2',
      TODAY,
    );
    if (answer.kind !== 'report') throw new Error(answer.kind);
    expect(answer.selfBanSince).toBe('2026-10-27');
    expect(answer.accounts).toHaveLength(3);
    const [first, second, closed] = answer.accounts;
    expect(first).toMatchObject({
      pskPercent: '150.500',
      monthlyPayment: 800_000n,
      daysPastDue: 45,
    });
    expect(first?.overdue).toBe(1_000_000n);
    expect(second).toMatchObject({ daysPastDue: 0, overdue: 0n, closedOn: null });
    expect(closed).toMatchObject({ closedOn: '2026-11-24', outstanding: 0n });
  });

  it('answers «no record», silence and a failure by their words, ё or е alike', () => {
    expect(sandboxAnswerFor('пос. Нет Истории', TODAY).kind).toBe('no_record');
    expect(sandboxAnswerFor('бюро молчит', TODAY).kind).toBe('silence');
    expect(sandboxAnswerFor('Бюро сбой', TODAY).kind).toBe('failure');
    const overdue = sandboxAnswerFor('просрочка 10 платеж 3000', TODAY);
    expect(overdue.kind === 'report' && overdue.accounts[0]?.monthlyPayment).toBe(300_000n);
  });
});
