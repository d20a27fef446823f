import { create } from 'zustand';
import {
  DEFAULT_MAIN_PAGE_LINK,
  type DocumentLink as ContractDocumentLink,
  type EndpointAnswer,
  type Order,
} from '@zaymo/contract';

type ServerMoratorium = EndpointAnswer<'/clients/moratorium', 'GET'>['data']['data'];
/** GET /clients/moratorium's answer; `null` parts until the first check answers. */
export type Moratorium = { [K in keyof ServerMoratorium]: ServerMoratorium[K] | null };
export type DashboardOrder = Pick<Order, 'id' | 'status_id'>;
export type DocumentLink = ContractDocumentLink & { checked?: boolean };

/**
 * Spec §3 dashboard state. Items whose shape arrives with later capabilities stay `unknown`
 * until their contract schemas exist; features narrow them through those schemas.
 */
export type DashboardState = {
  user: Record<string, unknown> | null;
  token: string | null;
  moratorium: Moratorium;
  order: DashboardOrder | null;
  orders: DashboardOrder[];
  activePayoutMethods: unknown[];
  activePaymentMethods: unknown[];
  history: unknown[];
  documents: DocumentLink[];
  photos: unknown[];
  contractDocuments: DocumentLink[];
  admin: boolean;
  showMenu: boolean;
  mainPageLink: string;
};

type DashboardActions = {
  update: (patch: Partial<DashboardState>) => void;
  setShowMenu: (showMenu: boolean) => void;
  setMainPageLink: (link: string) => void;
  reset: () => void;
};

export const initialDashboard: DashboardState = {
  user: null,
  token: null,
  moratorium: { status: null, end_date: null },
  order: null,
  orders: [],
  activePayoutMethods: [],
  activePaymentMethods: [],
  history: [],
  documents: [],
  photos: [],
  contractDocuments: [],
  admin: false,
  showMenu: false,
  mainPageLink: DEFAULT_MAIN_PAGE_LINK,
};

export const useDashboardStore = create<DashboardState & DashboardActions>()((set) => ({
  ...initialDashboard,
  update: (patch) => set(patch),
  setShowMenu: (showMenu) => set({ showMenu }),
  setMainPageLink: (mainPageLink) => set({ mainPageLink }),
  reset: () => set(initialDashboard),
}));
