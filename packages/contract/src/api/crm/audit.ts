import { z } from 'zod';
import { dateOrTimeSchema } from '../common';
import { staffRoleSchema } from './auth';

/**
 * The audit log: who did what to which client, when, from where. Every staff
 * sign-in (and its failures) and every action on a client writes one entry.
 */
export const CRM_AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'totp_failed',
  'totp_enrolled',
  'locked_out',
  'sign_out',
  'client_viewed',
  'passport_revealed',
  'operator_link_issued',
  'ticket_answered',
  'ticket_closed',
  'order_approved',
  'order_refused',
  'staff_created',
  'staff_blocked',
  'settings_changed',
  'collector_assigned',
  'contact_logged',
  'contact_refused',
  'protection_added',
  'promise_added',
  'waiver_proposed',
  'waiver_approved',
  'waiver_refused',
  'waiver_self_approval_refused',
  'credit_holiday_approved',
  'credit_holiday_refused',
] as const;
export type CrmAuditAction = (typeof CRM_AUDIT_ACTIONS)[number];
export const crmAuditActionSchema = z.enum(CRM_AUDIT_ACTIONS);

export const CRM_AUDIT_ACTION_TITLES: Readonly<Record<CrmAuditAction, string>> = {
  sign_in: 'Вход',
  sign_in_failed: 'Неверный логин или пароль',
  totp_failed: 'Неверный код из приложения',
  totp_enrolled: 'Подключено приложение-аутентификатор',
  locked_out: 'Вход заблокирован после неудачных попыток',
  sign_out: 'Выход',
  client_viewed: 'Просмотр карточки клиента',
  passport_revealed: 'Показ паспорта',
  operator_link_issued: 'Вход в кабинет клиента',
  ticket_answered: 'Ответ в обращении',
  ticket_closed: 'Обращение закрыто',
  order_approved: 'Заявка одобрена после ручной проверки',
  order_refused: 'Отказ по заявке после ручной проверки',
  staff_created: 'Создан сотрудник',
  staff_blocked: 'Сотрудник заблокирован',
  settings_changed: 'Изменены тарифы или настройки',
  collector_assigned: 'Назначен взыскатель',
  contact_logged: 'Контакт с должником',
  contact_refused: 'Контакт запрещён законом',
  protection_added: 'Записан запрет взаимодействия',
  promise_added: 'Записано обещание оплатить',
  waiver_proposed: 'Предложено списание',
  waiver_approved: 'Списание согласовано',
  waiver_refused: 'В списании отказано',
  waiver_self_approval_refused: 'Попытка согласовать своё предложение',
  credit_holiday_approved: 'Одобрены кредитные каникулы',
  credit_holiday_refused: 'Отказано в кредитных каникулах',
};

export const CRM_AUDIT_PAGE_SIZE = 100;

/**
 * GET /crm/audit and GET /crm/audit.csv: every filter optional; `from`/`to` are ISO dates
 * («2026-11-24», Moscow days, `to` inclusive) or ISO times. `cursor`: `next_cursor` of the page
 * before (newest first).
 */
export const crmAuditQuerySchema = z.object({
  staff_id: z.coerce.number().int().positive().optional(),
  client_id: z.coerce.number().int().positive().optional(),
  action: crmAuditActionSchema.optional(),
  from: dateOrTimeSchema().optional(),
  to: dateOrTimeSchema().optional(),
  cursor: z
    .string()
    .regex(/^\d{1,16}$/, 'Неверный курсор')
    .refine((value) => Number.isSafeInteger(Number(value)), 'Неверный курсор')
    .optional(),
});
export type CrmAuditQuery = z.infer<typeof crmAuditQuerySchema>;

export const crmAuditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO time. */
  at: z.string(),
  action: crmAuditActionSchema,
  /** Null for a sign-in attempt with an unknown login (the login is in `details`). */
  staff: z
    .object({ id: z.number().int(), login: z.string(), name: z.string(), role: staffRoleSchema })
    .nullable(),
  client_id: z.number().int().nullable(),
  ip: z.string(),
  user_agent: z.string().nullable(),
  /** Extra facts of the action (the login tried, the staff member created, …). */
  details: z.record(z.string(), z.string()),
});
export type CrmAuditEntry = z.infer<typeof crmAuditEntrySchema>;

export const crmAuditResponseSchema = z.object({
  data: z.object({ entries: z.array(crmAuditEntrySchema), next_cursor: z.string().nullable() }),
});
export type CrmAuditResponse = z.infer<typeof crmAuditResponseSchema>;
