import type { TicketStatus } from '@zaymo/contract';

/** The words the cabinet uses for a ticket's status, from the operator's side. */
export const TICKET_STATUS_TITLES: Readonly<Record<TicketStatus, string>> = {
  open: 'Ждёт ответа',
  answered: 'Есть ответ',
  closed: 'Закрыто',
};

export const AUTHOR_TITLES = { client: 'Клиент', operator: 'Оператор' } as const;
