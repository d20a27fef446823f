import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import { NbkiBureau } from './nbki/client';
import { BARE_XML, signingService } from './nbki/signer';

export * from './types';
export { newDealUid, isDealUid } from './nbki/deal-uid';

/** The configured bureau, or null when none is (outside the sandbox without BUREAU_NBKI_URL). */
export function createCreditBureau(
  config: AppConfig,
  fetchImpl: typeof fetch,
  clock: Clock,
): NbkiBureau | null {
  const settings = config.bureau;
  if (!settings) return null;
  const { company } = config;
  return new NbkiBureau({
    name: settings.name,
    reportUrl: settings.reportUrl,
    reportingUrl: settings.reportingUrl,
    member: {
      memberCode: settings.memberCode,
      userId: settings.userId,
      password: settings.password,
    },
    lender: { name: company.legal_name, ogrn: company.ogrn, inn: company.inn },
    source: {
      fullName: company.legal_name,
      ogrn: company.ogrn,
      inn: company.inn,
      memberCode: settings.memberCode,
    },
    product: settings.product,
    purpose: settings.purpose,
    timeoutMs: settings.timeoutMs,
    envelope: settings.signerUrl
      ? signingService(settings.signerUrl, fetchImpl, settings.timeoutMs)
      : BARE_XML,
    fetch: fetchImpl,
    clock,
  });
}
