import { formatMoney, type IsoDate, type Kopecks, type ReminderKind } from '@zaymo/contract';

/*
 * The words of the automatic messages. Service messages about the client's own loan, not
 * advertising (38-FZ art. 18 does not apply): no marketing consent is asked.
 */

export interface ReminderFigures {
  readonly contractNumber: string;
  readonly dueDate: IsoDate;
  /** Before the due date: what is owed on it if nothing is paid; past it: today's debt. */
  readonly total: Kopecks;
  readonly principal: Kopecks;
  readonly interest: Kopecks;
  readonly penalty: Kopecks;
}

const dotted = (date: IsoDate): string => date.split('-').reverse().join('.');

function beforeDue(figures: ReminderFigures): string {
  return (
    `Займо: по договору ${figures.contractNumber} платёж до ${dotted(figures.dueDate)} ` +
    `включительно — ${formatMoney(figures.total)}. Оплатить можно в личном кабинете.`
  );
}

/**
 * The SRO base standard for МФО, art. 11 part 2: the fact of the overdue, its date, the sums and
 * their composition, and what follows from it.
 */
function overdueNotice(figures: ReminderFigures): string {
  return (
    `Займо: платёж по договору ${figures.contractNumber} просрочен с ${dotted(figures.dueDate)}. ` +
    `Долг сегодня ${formatMoney(figures.total)}: основной долг ${formatMoney(figures.principal)}, ` +
    `проценты ${formatMoney(figures.interest)}, пени ${formatMoney(figures.penalty)}. ` +
    'Пока долг не погашен, начисляются проценты и пени, а просрочка передаётся в бюро ' +
    'кредитных историй. Уведомление бесплатное. Оплатить или договориться об оплате — в ' +
    'личном кабинете.'
  );
}

function dunning(figures: ReminderFigures): string {
  return (
    `Займо: договор ${figures.contractNumber} просрочен с ${dotted(figures.dueDate)}, ` +
    `долг сегодня ${formatMoney(figures.total)}. Оплатите или договоритесь об оплате в ` +
    'личном кабинете.'
  );
}

export function reminderText(kind: ReminderKind, figures: ReminderFigures): string {
  switch (kind) {
    case 'before_due':
      return beforeDue(figures);
    case 'overdue_notice':
      return overdueNotice(figures);
    case 'dunning':
      return dunning(figures);
  }
}

export const REMINDER_EMAIL_SUBJECT = 'Займо: напоминание о платеже';
