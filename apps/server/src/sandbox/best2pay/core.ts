import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Database } from '../../db';
import {
  BEST2PAY_RUB,
  isRequestSignatureValid,
  REASON_CODES,
  type Best2PayCall,
} from '../../integrations/payments';
import { SandboxGatewayError } from './errors';
import type { SandboxNotifier } from './notifier';
import {
  insertOperation,
  insertToken,
  operationsOf,
  setOrderState,
  type NewSandboxOperation,
  type SandboxOperation,
  type SandboxOrder,
  type SandboxTx,
} from './store';
import type { ChargeBehaviour } from './test-cards';

/** What every sandbox handler works with: its tables, the clock, its one sector, the notifier. */
export interface SandboxGateway {
  readonly db: Database;
  readonly clock: Clock;
  readonly sector: string;
  readonly password: string;
  readonly notifier: SandboxNotifier;
  /** Where browsers reach the sandbox: its pages and the СБП links it issues. */
  readonly publicUrl: string;
}

/** Request parameters as the gateway receives them (form fields, or the query of a page). */
export type Params = Readonly<Record<string, string | undefined>>;

export type SandboxReply =
  | { readonly kind: 'xml'; readonly body: string }
  | { readonly kind: 'text'; readonly body: string }
  | {
      readonly kind: 'html';
      readonly status: number;
      readonly body: string;
      readonly nonce?: string;
    }
  | { readonly kind: 'redirect'; readonly location: string }
  /** The work was done but the answer never arrives (a gateway timeout, HTTP 504). */
  | { readonly kind: 'lost' };

/** Register's life_period has run out for an order nobody started paying. */
export function isPastLifetime(order: SandboxOrder, now: Date): boolean {
  return order.state === 'REGISTERED' && order.expiresAt !== null && now >= order.expiresAt;
}

/**
 * An order past its lifetime is EXPIRED: a payment tried on it, or a status asked about it, finds
 * it so, and no money can be taken for it any more. A payment started in time (a card waiting for
 * its 3-D Secure code) may still finish.
 */
export async function expireIfPastLifetime(
  gateway: SandboxGateway,
  order: SandboxOrder,
  known?: readonly SandboxOperation[],
): Promise<SandboxOrder> {
  if (!isPastLifetime(order, gateway.clock.now())) return order;
  const operations = known ?? (await operationsOf(gateway.db, order.id));
  if (operations.some((operation) => operation.state === 'WAITING_3DS')) return order;
  await setOrderState(gateway.db, order.id, EXPIRED);
  return { ...order, state: EXPIRED };
}

export const EXPIRED = 'EXPIRED';

export function xml(body: string): SandboxReply {
  return { kind: 'xml', body };
}

/** The sector is ours and the signature is the call's: otherwise the request is refused. */
export function verifyRequest(gateway: SandboxGateway, call: Best2PayCall, params: Params): void {
  if (params.sector !== gateway.sector) throw new SandboxGatewayError('unknownSector');
  if (!isRequestSignatureValid(call, params, gateway.password)) {
    throw new SandboxGatewayError('badSignature');
  }
}

export function idOf(value: string | undefined): number {
  if (!value || !/^\d{1,15}$/.test(value)) throw new SandboxGatewayError('badRequest');
  return Number(value);
}

export function amountOf(params: Params): bigint {
  if (params.currency !== BEST2PAY_RUB) throw new SandboxGatewayError('badRequest');
  const { amount } = params;
  if (!amount || !/^\d{1,12}$/.test(amount) || BigInt(amount) <= 0n) {
    throw new SandboxGatewayError('badAmount');
  }
  return BigInt(amount);
}

/** A random card token: letters and digits, never mistakable for a card number. */
export function newCardToken(): string {
  return `b2ps_${randomBytes(24).toString('base64url')}`;
}

export function newChallenge(): string {
  return randomBytes(18).toString('base64url');
}

export interface CardOnFile {
  readonly panMasked: string;
  readonly expiry: string | null;
  readonly holder: string | null;
}

export type Finished = { readonly order: SandboxOrder; readonly operation: SandboxOperation };

/** Records an operation's outcome and moves the order to its state, in the caller's transaction. */
export async function finishOperation(
  tx: SandboxTx,
  order: SandboxOrder,
  values: NewSandboxOperation,
  orderState: string,
): Promise<Finished> {
  const operation = await insertOperation(tx, values);
  await setOrderState(tx, order.id, orderState);
  return { order: { ...order, state: orderState }, operation };
}

/** Issues a token for an approved card page with get_token=1. */
export async function issueToken(
  tx: SandboxTx,
  gateway: SandboxGateway,
  card: CardOnFile & { expiry: string },
  charges: ChargeBehaviour,
): Promise<string> {
  const token = newCardToken();
  await insertToken(tx, {
    token,
    sector: gateway.sector,
    panMasked: card.panMasked,
    expiry: card.expiry,
    holder: card.holder,
    behaviour: charges,
    createdAt: gateway.clock.now(),
  });
  return token;
}

export const APPROVED = { state: 'APPROVED', reasonCode: REASON_CODES.approved } as const;

export function rejected(reasonCode: number): { state: 'REJECTED'; reasonCode: number } {
  return { state: 'REJECTED', reasonCode };
}
