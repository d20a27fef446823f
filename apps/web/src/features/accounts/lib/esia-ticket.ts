/**
 * The sign-up from Госуслуги between /social/callback and /signup: the ticket the server keeps
 * the imported data under (30 minutes), the name to greet, the phone to offer. Only this tab.
 */
export interface EsiaSignup {
  ticket: string;
  fullName: string;
  phone: string | null;
}

const KEY = 'zaymo.esia-signup';

export function keepEsiaSignup(signup: EsiaSignup): void {
  sessionStorage.setItem(KEY, JSON.stringify(signup));
}

export function readEsiaSignup(): EsiaSignup | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null || !('ticket' in value)) return null;
    return value as EsiaSignup;
  } catch {
    return null;
  }
}

export function forgetEsiaSignup(): void {
  sessionStorage.removeItem(KEY);
}
