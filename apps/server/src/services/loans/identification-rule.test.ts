import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { apiErrorMessage } from '@zaymo/contract';
import { biometricRequired, identificationRefusal } from './identification-rule';

const configOf = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', ...env });

describe('the biometric rule of 41-ФЗ', () => {
  it('starts for an МКК on 1 March 2027, not a day before', () => {
    const mkk = configOf();
    expect(mkk.identification).toMatchObject({
      lenderKind: 'mkk',
      biometricRequiredFrom: '2027-03-01',
    });
    expect(biometricRequired(mkk, '2027-02-28')).toBe(false);
    expect(biometricRequired(mkk, '2027-03-01')).toBe(true);
  });

  it('started for an МФК on 1 March 2026', () => {
    const mfk = configOf({ LENDER_KIND: 'mfk' });
    expect(mfk.identification.biometricRequiredFrom).toBe('2026-03-01');
    expect(biometricRequired(mfk, '2026-02-28')).toBe(false);
    expect(biometricRequired(mfk, '2026-11-26')).toBe(true);
  });

  it('takes a configured date, or none', () => {
    expect(
      biometricRequired(configOf({ BIOMETRIC_REQUIRED_FROM: '2026-12-01' }), '2026-12-01'),
    ).toBe(true);
    expect(biometricRequired(configOf({ BIOMETRIC_REQUIRED_FROM: 'never' }), '2030-01-01')).toBe(
      false,
    );
  });

  it('refuses a client without ЕСИА and biometrics, naming the law and what to do', () => {
    const mkk = configOf();
    const params = identificationRefusal(mkk, 'esia_confirmed', '2027-03-01');
    expect(params).not.toBeNull();
    const refusal = params && apiErrorMessage('IDENTIFICATION_REQUIRED', params);
    expect(refusal).toContain('С 01.03.2027 микрокредитная компания может выдать заём онлайн');
    expect(refusal).toContain('41-ФЗ');
    expect(refusal).toContain('получите заём в офисе');
    expect(identificationRefusal(mkk, 'esia_biometric', '2027-03-01')).toBeNull();
    expect(identificationRefusal(mkk, 'self_entered', '2027-02-28')).toBeNull();
  });
});
