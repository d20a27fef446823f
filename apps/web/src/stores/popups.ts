import { create } from 'zustand';

/** What the opener passes (spec §3): display flags plus any data the popup body needs. */
export type PopupData = {
  noClose?: boolean;
  small?: boolean;
  big?: boolean;
  class?: string;
  outerClass?: string;
  [field: string]: unknown;
};

export type PopupEntry = {
  /** The registry name of the body to show. */
  component: string;
  /** False until the body signals ready: a popup is added closed. */
  isOpen: boolean;
  /** Becomes true 333 ms after opening: only then may an outside click close it. */
  canClose: boolean;
  data: PopupData;
  small: boolean;
  big: boolean;
  class: string;
};

type PopupsState = {
  popups: Record<string, PopupEntry>;
  openPopup: (name: string, data?: PopupData) => void;
  markPopupReady: (name: string) => void;
  allowOutsideClose: (name: string) => void;
  closePopup: (name: string) => void;
  reset: () => void;
};

export const usePopupsStore = create<PopupsState>()((set) => ({
  popups: {},
  openPopup: (name, data = {}) =>
    set(({ popups }) => ({ popups: { ...popups, [name]: entryFor(name, data, popups[name]) } })),
  markPopupReady: (name) => set(({ popups }) => patchPopup(popups, name, { isOpen: true })),
  allowOutsideClose: (name) => set(({ popups }) => patchPopup(popups, name, { canClose: true })),
  closePopup: (name) =>
    set(({ popups }) => {
      if (!(name in popups)) return {};
      const rest = { ...popups };
      delete rest[name];
      return { popups: rest };
    }),
  reset: () => set({ popups: {} }),
}));

/** Reopening a popup that is already shown only refreshes its data: its body is mounted. */
function entryFor(name: string, data: PopupData, existing: PopupEntry | undefined): PopupEntry {
  return {
    component: name,
    isOpen: existing?.isOpen ?? false,
    canClose: existing?.canClose ?? false,
    data,
    small: Boolean(data.small),
    big: Boolean(data.big),
    class: data.class ?? '',
  };
}

function patchPopup(
  popups: Record<string, PopupEntry>,
  name: string,
  patch: Partial<PopupEntry>,
): Partial<PopupsState> {
  const entry = popups[name];
  if (!entry) return {};
  return { popups: { ...popups, [name]: { ...entry, ...patch } } };
}

export function openPopup(name: string, data?: PopupData): void {
  usePopupsStore.getState().openPopup(name, data);
}

export function closePopup(name: string): void {
  usePopupsStore.getState().closePopup(name);
}
