import { create } from 'zustand';
import { DEFAULT_MAIN_PAGE_LINK } from '@zaymo/contract';

/**
 * What spec §3's dashboard state holds that is the browser's own: the main page link (spec §4,
 * the moratorium check moves it) and whether the cabinet's menu is open. Its server parts
 * (client, moratorium, orders, payment and payout methods, history, documents, photos) are
 * TanStack Query data read through their hooks, never copied here (ARCHITECTURE.md «Web»).
 */
export type DashboardState = {
  showMenu: boolean;
  mainPageLink: string;
};

type DashboardActions = {
  setShowMenu: (showMenu: boolean) => void;
  setMainPageLink: (link: string) => void;
  reset: () => void;
};

export const initialDashboard: DashboardState = {
  showMenu: false,
  mainPageLink: DEFAULT_MAIN_PAGE_LINK,
};

export const useDashboardStore = create<DashboardState & DashboardActions>()((set) => ({
  ...initialDashboard,
  setShowMenu: (showMenu) => set({ showMenu }),
  setMainPageLink: (mainPageLink) => set({ mainPageLink }),
  reset: () => set(initialDashboard),
}));
