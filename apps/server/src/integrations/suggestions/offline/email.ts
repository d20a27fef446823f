import { SUGGESTION_COUNT, type EmailSuggestion } from '@zaymo/contract';
import { meaningfulQuery } from '../provider';
import { emailDomainsFile } from './data';

const LOCAL_PART = /^[a-z0-9._%+-]{1,64}$/i;
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;

function toSuggestion(local: string, domain: string): EmailSuggestion {
  const value = `${local}@${domain}`;
  return { value, unrestricted_value: value, data: { local, domain } };
}

/** Completes the domain of an address being typed: «ivanov@ma» → ivanov@mail.ru. */
export function suggestEmail(query: string): EmailSuggestion[] {
  const text = meaningfulQuery(query);
  if (text === null) return [];
  const at = text.indexOf('@');
  const local = at < 0 ? text : text.slice(0, at);
  const typedDomain = at < 0 ? '' : text.slice(at + 1).toLowerCase();
  if (!LOCAL_PART.test(local) || typedDomain.includes('@')) return [];
  const known = emailDomainsFile().filter((domain) => domain.startsWith(typedDomain));
  const domains = known.length === 0 && DOMAIN.test(typedDomain) ? [typedDomain] : known;
  return domains.slice(0, SUGGESTION_COUNT).map((domain) => toSuggestion(local, domain));
}
