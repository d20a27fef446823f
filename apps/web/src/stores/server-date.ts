import { create } from 'zustand';

/**
 * Today in Moscow by the server's clock (the sandbox clock included), from the last answer that
 * carried it (the tariffs). The calculator and the legal line quote on this date, never on the
 * browser's: a contract is dated by the server.
 */
type ServerDateState = {
  today: string | null;
  setToday: (today: string) => void;
};

export const useServerDateStore = create<ServerDateState>()((set) => ({
  today: null,
  setToday: (today) => set((state) => (state.today === today ? state : { today })),
}));

/** The server's today, or null before any answer carried it. */
export function serverToday(): string | null {
  return useServerDateStore.getState().today;
}
