import {
  identificationAtLeast,
  type ApiErrorParams,
  type IdentificationLevel,
} from '@zaymo/contract';
import type { AppConfig } from '../../config';
import { formatDate } from '../../documents/pdf/format';
import { AppError } from '../../errors';

/*
 * Федеральный закон № 41-ФЗ (п. 3 ст. 7 и ст. 12; the article numbers and the law's date are for
 * a lawyer to confirm, docs/money-and-law.md): a microfinance company lends online only to a
 * borrower identified through ЕСИА and the Unified Biometric System — an МФК from 1 March 2026,
 * an МКК from 1 March 2027. The date and the company's kind are configuration
 * (LENDER_KIND, BIOMETRIC_REQUIRED_FROM); loans given in an office are outside this cabinet.
 */

/** The rule applies on this Moscow date. */
export function biometricRequired(config: AppConfig, today: string): boolean {
  const from = config.identification.biometricRequiredFrom;
  return from !== null && today >= from;
}

export function requiredIdentificationLevel(config: AppConfig, today: string): IdentificationLevel {
  return biometricRequired(config, today) ? 'esia_biometric' : 'self_entered';
}

const LENDER_WORDS = { mkk: 'микрокредитная компания', mfk: 'микрофинансовая компания' } as const;

/** Why an online loan is refused to a client identified this way today; null when it is not. */
export function identificationRefusal(
  config: AppConfig,
  level: IdentificationLevel,
  today: string,
): ApiErrorParams<'IDENTIFICATION_REQUIRED'> | null {
  const from = config.identification.biometricRequiredFrom;
  if (from === null || identificationAtLeast(level, requiredIdentificationLevel(config, today))) {
    return null;
  }
  return { from: formatDate(from), lender: LENDER_WORDS[config.identification.lenderKind] };
}

/** Refuses an online loan (an order, a payout) the law does not allow to this client today. */
export function assertIdentifiedForOnlineLoan(
  config: AppConfig,
  level: IdentificationLevel,
  today: string,
): void {
  const refusal = identificationRefusal(config, level, today);
  if (refusal) throw new AppError('IDENTIFICATION_REQUIRED', refusal);
}
