import type { Staff } from '@zaymo/contract';
import { create } from 'zustand';

/**
 * The staff session: its token lives in sessionStorage under a key of the console's own (never
 * one of the cabinet's), so it ends with the tab and is never seen by a client session.
 */
export const STAFF_SESSION_KEY = 'zaymo.crm.session';

type Saved = { token: string; staff: Staff };

type StaffSessionState = {
  token: string | null;
  staff: Staff | null;
  signIn: (token: string, staff: Staff) => void;
  setStaff: (staff: Staff) => void;
  signOut: () => void;
};

function readSaved(): Saved | null {
  try {
    const text = window.sessionStorage.getItem(STAFF_SESSION_KEY);
    if (!text) return null;
    const saved = JSON.parse(text) as Partial<Saved>;
    return typeof saved.token === 'string' && saved.staff ? (saved as Saved) : null;
  } catch {
    return null;
  }
}

function write(saved: Saved | null): void {
  try {
    if (saved) window.sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(saved));
    else window.sessionStorage.removeItem(STAFF_SESSION_KEY);
  } catch {
    // A browser that refuses storage keeps the session in memory for this page only.
  }
}

const saved = readSaved();

export const useStaffSession = create<StaffSessionState>()((set, get) => ({
  token: saved?.token ?? null,
  staff: saved?.staff ?? null,
  signIn: (token, staff) => {
    write({ token, staff });
    set({ token, staff });
  },
  setStaff: (staff) => {
    const { token } = get();
    if (token) write({ token, staff });
    set({ staff });
  },
  signOut: () => {
    write(null);
    set({ token: null, staff: null });
  },
}));
