import { create } from 'zustand';
import { isStorableToken } from '@zaymo/contract';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '@/lib/storage';

/** The signed-in client as the browser remembers it (spec §3: token, phone, admin flag). */
export type SessionState = {
  token: string | null;
  phone: string | null;
  admin: boolean;
};

type SessionActions = {
  /** Stores the token only if it is storable (longer than 27 characters); tells whether it did. */
  setToken: (token: string | null | undefined) => boolean;
  setPhone: (phone: string | null) => void;
  setAdmin: (admin: boolean) => void;
  /**
   * Reads the saved session from local storage (dropping a token that is not storable) unless
   * a token is already in memory: where storage is unavailable, memory is the only copy.
   */
  restore: () => void;
  /**
   * After a 401: when another tab has stored a new session since this one loaded, takes it up
   * (the refused token was the old one) and tells so; else false, and the caller signs out.
   */
  adoptNewerSession: () => boolean;
  reset: () => void;
};

const initialSession: SessionState = { token: null, phone: null, admin: false };
const SESSION_KEYS = [STORAGE_KEYS.token, STORAGE_KEYS.phone, STORAGE_KEYS.admin];

export const useSessionStore = create<SessionState & SessionActions>()((set) => ({
  ...initialSession,
  setToken: (token) => {
    if (!isStorableToken(token)) return false;
    writeStored(STORAGE_KEYS.token, token);
    set({ token });
    return true;
  },
  setPhone: (phone) => {
    writeOrRemove(STORAGE_KEYS.phone, phone);
    set({ phone });
  },
  setAdmin: (admin) => {
    writeOrRemove(STORAGE_KEYS.admin, admin ? 'true' : null);
    set({ admin });
  },
  restore: () => set((state) => (state.token ? {} : readSavedSession())),
  adoptNewerSession: () => {
    const saved = readSavedSession();
    if (!saved.token || saved.token === useSessionStore.getState().token) return false;
    set(saved);
    return true;
  },
  reset: () => {
    SESSION_KEYS.forEach(removeStored);
    set(initialSession);
  },
}));

function readSavedSession(): SessionState {
  const token = readStored(STORAGE_KEYS.token);
  if (token !== null && !isStorableToken(token)) removeStored(STORAGE_KEYS.token);
  return {
    token: isStorableToken(token) ? token : null,
    phone: readStored(STORAGE_KEYS.phone),
    admin: readStored(STORAGE_KEYS.admin) === 'true',
  };
}

function writeOrRemove(key: string, value: string | null): void {
  if (value === null) removeStored(key);
  else writeStored(key, value);
}

export function hasSessionToken(): boolean {
  return useSessionStore.getState().token !== null;
}
