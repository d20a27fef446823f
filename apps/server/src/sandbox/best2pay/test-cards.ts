import { REASON_CODES } from '../../integrations/payments';

/*
 * The sandbox gateway's test cards — the one table the card page lists and the gateway obeys.
 * Any other number that passes the Luhn check is approved. No test card needs a particular
 * expiry, holder or CVC: any valid ones will do.
 */

/** What the card page does with the card. */
export type CardOutcome = 'approve' | 'decline' | 'insufficientFunds' | 'threeDs';
/**
 * What later charges by the card's token (PurchaseByToken) do. approveLate: the bank takes the
 * money at once, and its answer comes after LATE_ANSWER_MS, past our client's 15 s limit — a lost
 * answer, or a server stopped while it waited (the production tests kill one then).
 */
export type ChargeBehaviour = 'approve' | 'insufficientFunds' | 'approveLate';

export const LATE_ANSWER_MS = 20_000;

export interface TestCard {
  /** Digits only. */
  readonly pan: string;
  readonly system: 'МИР' | 'Visa' | 'Mastercard';
  readonly outcome: CardOutcome;
  readonly charges: ChargeBehaviour;
  /** Russian, for the card page's list. */
  readonly description: string;
}

export const THREE_DS_CODE = '1234';

export const TEST_CARDS: readonly TestCard[] = [
  {
    pan: '2200000000000004',
    system: 'МИР',
    outcome: 'approve',
    charges: 'approve',
    description: 'Одобрено',
  },
  {
    pan: '4111111111111111',
    system: 'Visa',
    outcome: 'approve',
    charges: 'approve',
    description: 'Одобрено',
  },
  {
    pan: '5555555555554444',
    system: 'Mastercard',
    outcome: 'approve',
    charges: 'approve',
    description: 'Одобрено',
  },
  {
    pan: '4000000000000002',
    system: 'Visa',
    outcome: 'decline',
    charges: 'approve',
    description: 'Отказ банка',
  },
  {
    pan: '4000000000009995',
    system: 'Visa',
    outcome: 'insufficientFunds',
    charges: 'insufficientFunds',
    description: 'Недостаточно средств',
  },
  {
    pan: '4000000000003220',
    system: 'Visa',
    outcome: 'threeDs',
    charges: 'approve',
    description: `Запрос 3-D Secure: код ${THREE_DS_CODE} — одобрено, другой — отказ`,
  },
  {
    pan: '2200000000000053',
    system: 'МИР',
    outcome: 'approve',
    charges: 'insufficientFunds',
    description: 'Привязывается; списания по токену — недостаточно средств',
  },
  {
    pan: '2200000000000061',
    system: 'МИР',
    outcome: 'approve',
    charges: 'approveLate',
    description: 'Привязывается; списания по токену проходят, но ответ банка приходит через 20 с',
  },
];

export interface CardRule {
  readonly outcome: CardOutcome;
  readonly charges: ChargeBehaviour;
}

const ANY_OTHER_CARD: CardRule = { outcome: 'approve', charges: 'approve' };

/** The rule for a card number (digits only). */
export function testCardRule(pan: string): CardRule {
  const card = TEST_CARDS.find((candidate) => candidate.pan === pan);
  return card ? { outcome: card.outcome, charges: card.charges } : ANY_OTHER_CARD;
}

/** The reason code a refused outcome gives (REASON_CODES, shared with our reason messages). */
export const REFUSAL_REASONS = {
  decline: REASON_CODES.declinedByBank,
  insufficientFunds: REASON_CODES.insufficientFunds,
  threeDsFailed: REASON_CODES.threeDsFailed,
} as const;

/** «2200 0000 0000 0004» */
export function groupDigits(pan: string): string {
  return pan.replace(/(\d{4})(?=\d)/g, '$1 ');
}
