import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '@zaymo/contract';

/** «Открыто», «Есть ответ», «Закрыто» — colour backs the word, never replaces it. */
export function StatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('tickets');
  return <span className={`ticket-status ticket-status--${status}`}>{t(`status.${status}`)}</span>;
}
