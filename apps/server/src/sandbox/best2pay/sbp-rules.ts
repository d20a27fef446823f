/*
 * The sandbox's СБП: the bundled list of participants (real Russian banks and their СБП member
 * ids) and the test phones — the last two digits of the recipient's phone decide what a payout
 * does, as Best2Pay's test sector decides by phone (its manual, table 56). Any other phone is
 * paid out. A QR payment's outcome is the tester's choice on the sandbox's «bank app» page.
 */

export interface SandboxSbpBank {
  readonly id: string;
  readonly name: string;
}

export const SANDBOX_SBP_BANKS: readonly SandboxSbpBank[] = [
  { id: '100000000111', name: 'Сбербанк' },
  { id: '100000000004', name: 'Т-Банк' },
  { id: '100000000005', name: 'ВТБ' },
  { id: '100000000008', name: 'Альфа-Банк' },
  { id: '100000000001', name: 'Газпромбанк' },
  { id: '100000000007', name: 'Райффайзенбанк' },
  { id: '100000000010', name: 'Промсвязьбанк' },
  { id: '100000000012', name: 'Росбанк' },
  { id: '100000000013', name: 'Совкомбанк' },
  { id: '100000000016', name: 'Почта Банк' },
  { id: '100000000017', name: 'МТС Банк' },
  { id: '100000000020', name: 'Россельхозбанк' },
  { id: '100000000022', name: 'ЮMoney' },
  { id: '100000000273', name: 'Озон Банк' },
];

/** What a payout to a phone does, by its last two digits. */
export type SbpPhoneOutcome =
  'approve' | 'notFound' | 'otherPerson' | 'decline' | 'answerLost' | 'lateConfirmation';

export interface SbpTestPhone {
  readonly ending: string;
  readonly outcome: Exclude<SbpPhoneOutcome, 'approve'>;
  /** Russian, for the sandbox page. */
  readonly description: string;
}

export const SBP_TEST_PHONES: readonly SbpTestPhone[] = [
  { ending: '91', outcome: 'notFound', description: 'Получатель не найден в выбранном банке' },
  { ending: '92', outcome: 'otherPerson', description: 'Счёт оформлен на другого человека' },
  { ending: '93', outcome: 'decline', description: 'Банк получателя отклонил перевод' },
  {
    ending: '94',
    outcome: 'answerLost',
    description: 'Перевод выполнен, но ответ шлюза потерян (тайм-аут)',
  },
  {
    ending: '95',
    outcome: 'lateConfirmation',
    description: 'Перевод в обработке; банк подтверждает его позже',
  },
];

export function sbpPhoneOutcome(phone: string): SbpPhoneOutcome {
  return SBP_TEST_PHONES.find((rule) => phone.endsWith(rule.ending))?.outcome ?? 'approve';
}

/** The name a bank shows for someone else's account (test phone …92). */
export const OTHER_PERSON_NAME = 'Пётр Петрович С.';
