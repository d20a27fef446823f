import type { TicketStatus } from '@zaymo/contract';

/** The words the cabinet uses for a ticket's status, from the operator's side. */
export const TICKET_STATUS_TITLES: Readonly<Record<TicketStatus, string>> = {
  open: 'Ждёт ответа',
  answered: 'Есть ответ',
  closed: 'Закрыто',
};

export const AUTHOR_TITLES = { client: 'Клиент', operator: 'Оператор' } as const;

/** A title of the tables above for a value the schema types only as a string (the card's). */
export function titleOf(titles: Readonly<Record<string, string>>, value: string): string {
  return Object.hasOwn(titles, value) ? (titles[value] ?? value) : value;
}
