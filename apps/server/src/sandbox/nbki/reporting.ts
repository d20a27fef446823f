import { isDealUid } from '../../integrations/bureau/nbki/deal-uid';
import type { ReadEvent } from '../../integrations/bureau/nbki/gutdf';
import type { CreditEventCode, ReceiptError } from '../../integrations/bureau/types';
import type { AcceptedEvent } from './store';

/*
 * The sandbox bureau's format-logic control of a reported document (758-П ch. 5 lets a bureau
 * refuse an event that fails it): the event's id and УИд with its check digit, the blocks its
 * code requires (the table of bureau.md, from 758-П), and no change of an obligation before the
 * bureau knows the deal (event 1.4). What passes is accepted; the rest gets an error each.
 */

const DEAL = [
  'FL_17_DealUid',
  'FL_18_Deal',
  'FL_19_Amount',
  'FL_21_PaymentTerms',
  'FL_22_TotalCost',
];
const DEBT = ['FL_25_26_27_28_Group', 'FL_29_MonthlyPayment'];

export const REQUIRED_BLOCKS: Readonly<Record<CreditEventCode, readonly string[]>> = {
  '1.1': ['FL_55_Application'],
  '1.2': ['FL_55_Application'],
  '1.3': ['FL_55_Application', 'FL_57_Reject'],
  '1.4': [...DEAL, 'FL_55_Application'],
  '2.1': [...DEAL, 'FL_23_ContractChanges', ...DEBT],
  '2.2': [...DEAL, 'FL_24_Fund', ...DEBT],
  '2.3': [...DEAL, ...DEBT],
  '2.5': [...DEAL, ...DEBT, 'FL_38_ContractEnd'],
};

function problemOf(event: ReadEvent, dealsWithContract: ReadonlySet<string>): string | null {
  if (!event.code) return 'Неизвестное событие';
  if (!event.dealUid || !isDealUid(event.dealUid))
    return 'Неверный УИд сделки (контрольный символ)';
  const missing = REQUIRED_BLOCKS[event.code].filter((block) => !event.blocks.includes(block));
  if (missing.length > 0) return `Нет обязательных блоков: ${missing.join(', ')}`;
  if (event.code.startsWith('2.') && !dealsWithContract.has(event.dealUid)) {
    return 'Изменение обязательства по сделке, о совершении которой (событие 1.4) бюро не знает';
  }
  return null;
}

export interface Verdict {
  readonly accepted: readonly AcceptedEvent[];
  readonly errors: readonly ReceiptError[];
}

/** `dealsWithContract`: deals whose event 1.4 the bureau already holds. */
export function checkDocument(
  events: readonly ReadEvent[],
  dealsWithContract: ReadonlySet<string>,
): Verdict {
  const known = new Set(dealsWithContract);
  const accepted: AcceptedEvent[] = [];
  const errors: ReceiptError[] = [];
  for (const event of events) {
    if (!event.id) {
      errors.push({ eventId: '', code: 'E100', text: 'Нет идентификатора события (eventComment)' });
      continue;
    }
    const problem = problemOf(event, known);
    if (problem) {
      errors.push({ eventId: event.id, code: 'E200', text: problem });
      continue;
    }
    if (event.code === '1.4' && event.dealUid) known.add(event.dealUid);
    accepted.push({ ...event, id: event.id, dealUid: event.dealUid ?? '' });
  }
  return { accepted, errors };
}
