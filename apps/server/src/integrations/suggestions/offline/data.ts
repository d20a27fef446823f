import fioJson from '../data/fio.json' with { type: 'json' };
import fmsUnitsJson from '../data/fms-units.json' with { type: 'json' };
import addressesJson from '../data/addresses.json' with { type: 'json' };
import companiesJson from '../data/companies.json' with { type: 'json' };
import emailDomainsJson from '../data/email-domains.json' with { type: 'json' };
import {
  addressesFileSchema,
  companiesFileSchema,
  emailDomainsFileSchema,
  fioFileSchema,
  fmsUnitsFileSchema,
} from '../data/types';

/** Parses a bundled file once, on first use. */
function lazy<T>(load: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= load());
}

export const fioFile = lazy(() => fioFileSchema.parse(fioJson));
export const fmsUnitsFile = lazy(() => fmsUnitsFileSchema.parse(fmsUnitsJson));
export const addressesFile = lazy(() => addressesFileSchema.parse(addressesJson));
export const companiesFile = lazy(() => companiesFileSchema.parse(companiesJson));
export const emailDomainsFile = lazy(() => emailDomainsFileSchema.parse(emailDomainsJson));
