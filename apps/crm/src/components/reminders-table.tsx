import { REMINDER_KIND_TITLES, REMINDER_STATE_TITLES, type CrmReminder } from '@zaymo/contract';
import { formatDateTime } from '@zaymo/web-kit';
import { Empty, ErrorNotice, Loading, TableScroll } from './ui';

function messageTitle(reminder: CrmReminder): string {
  const title = REMINDER_KIND_TITLES[reminder.kind];
  switch (reminder.kind) {
    case 'before_due':
      return `${title} за ${reminder.day} дн. до срока`;
    case 'overdue_notice':
      return title;
    case 'dunning':
      return `${title}, ${reminder.day}-й день просрочки`;
  }
}

function when(reminder: CrmReminder): string {
  if (reminder.sent_at) return formatDateTime(reminder.sent_at);
  if (reminder.next_attempt_at) return `повтор ${formatDateTime(reminder.next_attempt_at)}`;
  return reminder.refusal ? formatDateTime(reminder.refusal.at) : '';
}

function RefusalText({ refusal }: { refusal: CrmReminder['refusal'] }) {
  if (!refusal) return null;
  return (
    <>
      {refusal.reason}
      {refusal.law && ` (${refusal.law})`} <span className="muted">{refusal.code}</span>
    </>
  );
}

/**
 * The automatic messages: reminders, the overdue notice, dunning — sent, waiting for an allowed
 * moment, or not sent, each with the refusal's reason, article and code.
 */
export function RemindersTable({
  query,
  withContract = false,
}: {
  query: {
    data?: CrmReminder[] | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  withContract?: boolean;
}) {
  if (query.isPending) return <Loading label="Загружаем сообщения…" />;
  if (query.isError)
    return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  const reminders = query.data ?? [];
  if (reminders.length === 0) return <Empty>Автоматических сообщений ещё не было.</Empty>;
  return (
    <TableScroll label="Список автоматических сообщений">
      <table>
        <thead>
          <tr>
            <th scope="col">Сообщение</th>
            {withContract && <th scope="col">Договор</th>}
            <th scope="col">Состояние</th>
            <th scope="col">Когда (МСК)</th>
            <th scope="col">Причина отказа</th>
            <th scope="col">Текст</th>
          </tr>
        </thead>
        <tbody>
          {reminders.map((reminder) => (
            <tr key={reminder.id}>
              <td>{messageTitle(reminder)}</td>
              {withContract && <td className="nowrap">{reminder.contract_number}</td>}
              <td>{REMINDER_STATE_TITLES[reminder.state]}</td>
              <td className="nowrap">{when(reminder)}</td>
              <td>
                <RefusalText refusal={reminder.refusal} />
              </td>
              <td className="message-text">{reminder.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
