import { describe, expect, it } from 'vitest';
import {
  checkHighCostLimits,
  HIGH_COST_LOAN_LIMITS,
  pskThousandths,
  type HighCostObligation,
} from './high-cost-limits';

function loan(psk: string, closedOn: string | null = null): HighCostObligation {
  return { closedOn, pskPercent: psk };
}

function check(today: string, obligations: HighCostObligation[], newLoanPsk = '292.000') {
  return checkHighCostLimits(HIGH_COST_LOAN_LIMITS, { today, newLoanPsk, obligations });
}

describe('545-FZ limits on high-cost loans', () => {
  it('reads ПСК as thousandths of a percent', () => {
    expect(pskThousandths('292.000')).toBe(292_000n);
    expect(pskThousandths('200')).toBe(200_000n);
    expect(pskThousandths('150,5')).toBe(150_500n);
    expect(pskThousandths('abc')).toBeNull();
  });

  it('from 01.10.2026: no third loan above 200 % (two such loans refuse, one passes)', () => {
    const two = [loan('250.000'), loan('365.000')];
    expect(check('2026-09-30', two).passed).toBe(true);
    const refused = check('2026-10-01', two);
    expect(refused).toMatchObject({ passed: false, limit: 'psk200_two_loans', notBefore: null });
    expect(refused.detail).toContain('С 01.10.2026');
    expect(refused.detail).toContain('выше 200 % годовых');
    expect(refused.detail).toContain('у вас их 2');
    expect(check('2026-10-01', [loan('250.000'), loan('199.999')]).passed).toBe(true);
    // A repaid loan is not an unpaid one.
    expect(check('2026-10-01', [loan('250.000'), loan('250.000', '2026-09-20')]).passed).toBe(true);
  });

  it('exactly 200 % is not above 200 %: neither the loans nor the new one count', () => {
    const two = [loan('250.000'), loan('250.000')];
    expect(check('2026-11-26', two, '200.000').passed).toBe(true);
    expect(check('2026-11-26', [loan('200.000'), loan('200.000')]).passed).toBe(true);
  });

  it('from 01.04.2027: at most one unpaid loan above 100 %', () => {
    const one = [loan('150.000')];
    expect(check('2027-03-31', one).passed).toBe(true);
    const refused = check('2027-04-01', one);
    expect(refused).toMatchObject({ passed: false, limit: 'psk100_one_loan' });
    expect(refused.detail).toContain('возможен после погашения этого займа');
    expect(check('2027-04-01', [], '99.000').passed).toBe(true);
    expect(check('2027-04-01', one, '100.000').passed).toBe(true);
  });

  it('after repaying a loan above 100 %: the stricter gap (4 days from 01.01.2027) names the day', () => {
    const repaid = [loan('150.000', '2027-01-10')];
    expect(check('2026-12-31', [loan('150.000', '2026-12-30')]).passed).toBe(true);
    const refused = check('2027-01-12', repaid);
    expect(refused).toMatchObject({ passed: false, notBefore: '2027-01-14' });
    expect(refused.detail).toContain('не раньше чем через 4 дн.');
    expect(check('2027-01-14', repaid).passed).toBe(true);
  });
});
