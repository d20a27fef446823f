import type { ComponentType } from 'react';
import type { PopupData } from '@/stores/popups';

/** What every popup body receives from the host. */
export type PopupContentProps = {
  /** Call once the body has what it needs to show: the popup opens only then. */
  onReady: () => void;
  /** Closes (removes) this popup. */
  onClose: () => void;
  data: PopupData;
  /** Give this id to the body's heading: the dialog is labelled by it. */
  titleId: string;
};

export type PopupBody = ComponentType<PopupContentProps>;

/** Popup name → body component; names not in it are warned about and closed. */
export type PopupRegistry = Readonly<Record<string, PopupBody>>;
