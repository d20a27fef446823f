import { z } from 'zod';

/**
 * Automatic messages about a loan: reminders before the due date, the overdue notice and the
 * dunning messages by days past due. Each is planned once per (loan, kind, due date, day) and
 * ends sent or dropped; while it waits for an allowed moment it shows the last refusal.
 */
export const REMINDER_KINDS = ['before_due', 'overdue_notice', 'dunning'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_KIND_TITLES: Readonly<Record<ReminderKind, string>> = {
  before_due: 'Напоминание о платеже',
  overdue_notice: 'Уведомление о просрочке',
  dunning: 'Сообщение о просрочке',
};

export const REMINDER_STATES = ['waiting', 'sent', 'dropped', 'failed'] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];
export const REMINDER_STATE_TITLES: Readonly<Record<ReminderState, string>> = {
  waiting: 'Ждёт разрешённого времени',
  sent: 'Отправлено',
  dropped: 'Не отправлено',
  failed: 'Ошибка отправки',
};

export const crmReminderSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  contract_number: z.string(),
  kind: z.enum(REMINDER_KINDS),
  /** Days before the due date (before_due) or past it (overdue_notice, dunning). */
  day: z.number().int(),
  due_date: z.string(),
  state: z.enum(REMINDER_STATES),
  /** Channels it went by: SMS, and e-mail for a reminder before the due date. */
  channels: z.array(z.enum(['sms', 'email'])),
  text: z.string().nullable(),
  sent_at: z.string().nullable(),
  /** ISO time of the next attempt while it waits. */
  next_attempt_at: z.string().nullable(),
  attempts: z.number().int(),
  /** The last refusal: its code, the reader's reason and the article. */
  refusal: z
    .object({ code: z.string(), reason: z.string(), law: z.string().nullable(), at: z.string() })
    .nullable(),
  created_at: z.string(),
});
export type CrmReminder = z.infer<typeof crmReminderSchema>;

/** GET /crm/collections/:orderId/reminders — the loan's automatic messages, newest first. */
export const crmLoanRemindersResponseSchema = z.object({
  data: z.object({ reminders: z.array(crmReminderSchema) }),
});
