import type { SbpPayment } from '@zaymo/contract';
import { create } from 'zustand';

/** The СБП payment on screen: its QR code and link, polled until the bank's answer is final. */
interface SbpPaymentState {
  payment: (SbpPayment & { payToken: string | null }) | null;
  show: (payment: SbpPayment, payToken: string | null) => void;
  close: () => void;
}

export const useSbpPaymentStore = create<SbpPaymentState>((set) => ({
  payment: null,
  show: (payment, payToken) => set({ payment: { ...payment, payToken } }),
  close: () => set({ payment: null }),
}));
