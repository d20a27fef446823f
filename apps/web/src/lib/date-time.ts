const DATE_TIME = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Moscow',
});

/** «21.11.2026 14:05», Moscow time, as the company's documents print it. */
export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso)).replace(',', '');
}
