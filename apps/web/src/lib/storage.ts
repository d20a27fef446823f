/**
 * localStorage that never throws: private modes and full quotas make the browser throw,
 * and a lost preference must not break the cabinet.
 */
export const STORAGE_KEYS = {
  token: 'zaymo.token',
  phone: 'zaymo.phone',
  admin: 'zaymo.admin',
  calculator: 'zaymo.calculator',
} as const;

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not saved: the value stays in memory for this visit.
  }
}

export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

export function readStoredJson(key: string): unknown {
  const text = readStored(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function writeStoredJson(key: string, value: unknown): void {
  writeStored(key, JSON.stringify(value));
}
