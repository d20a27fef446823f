import type { PaymentMethod } from '@zaymo/contract';
import type { AppConfig } from '../../config';

/*
 * GET /payment_system/payment and /payout: which ways to pay and to receive money exist, and
 * which are switched off and why. A card goes through Best2Pay when it is configured (the
 * sandbox gateway by default), and so does the СБП (Система быстрых платежей): a payout by phone,
 * a payment by QR code or bank-app link.
 */

export type MethodDirection = 'payment' | 'payout';

export const NOT_CONNECTED = 'Не подключено';

const TITLES: Record<MethodDirection, { card: string; sbp: string }> = {
  payment: { card: 'Банковская карта', sbp: 'СБП — Система быстрых платежей' },
  payout: { card: 'На банковскую карту', sbp: 'По номеру телефона через СБП' },
};

function method(
  id: number,
  code: PaymentMethod['code'],
  title: string,
  enabled: boolean,
): PaymentMethod {
  return enabled
    ? { id, code, title, enabled }
    : { id, code, title, enabled, reason: NOT_CONNECTED };
}

export function paymentMethods(config: AppConfig, direction: MethodDirection): PaymentMethod[] {
  const titles = TITLES[direction];
  return [
    method(1, 'best2pay_card', titles.card, config.best2pay !== null),
    method(2, 'sbp', titles.sbp, config.best2pay !== null),
  ];
}
