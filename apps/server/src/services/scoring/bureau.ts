import { hasSelfBanMarker } from './sandbox-identities';

/**
 * What the scoring asks a credit bureau (БКИ): for now the self-ban flag (самозапрет, 353-FZ
 * art. 8.1). The port has one implementation, the sandbox bureau, which answers from the
 * identity's markers; a real bureau adapter (НБКИ, ОКБ) plugs in here.
 */
export interface BureauQuery {
  readonly fullName: string;
  readonly birthDate: string | null;
  readonly birthPlace: string | null;
  readonly passportNumber: string | null;
}

export interface BureauReport {
  readonly selfBan: boolean;
}

export interface CreditBureau {
  report(query: BureauQuery): Promise<BureauReport>;
}

/** Reports a self-ban for a birth place containing «Самозапрет»; nobody else has one. */
export const sandboxBureau: CreditBureau = {
  report: (query) => Promise.resolve({ selfBan: hasSelfBanMarker(query.birthPlace) }),
};
