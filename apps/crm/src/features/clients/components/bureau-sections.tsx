import { BUREAU_REQUEST_OUTCOME_TITLES, type CrmClientCard } from '@zaymo/contract';
import { formatDateTimeSeconds } from '@zaymo/web-kit';
import { CreditEventsTable } from '@/components/credit-events';
import { Empty, Section, TableScroll } from '@/components/ui';
import { formatRoubles } from '@/lib/money';

type Request = CrmClientCard['bureau_requests'][number];

/** What the scoring read of an answer: a self-ban, other loans, their monthly payments. */
function summaryText(request: Request): string {
  const { summary } = request;
  if (!summary) return request.error ?? '—';
  const parts = [
    summary.self_ban ? 'самозапрет' : 'самозапрета нет',
    `открытых займов: ${summary.open_obligations}`,
  ];
  if (summary.open_obligations > 0) {
    parts.push(`платежи в месяц: ${formatRoubles(summary.monthly_payments)}`);
  }
  if (summary.overdue_obligations > 0) parts.push(`с просрочкой: ${summary.overdue_obligations}`);
  return parts.join(', ');
}

/** Every credit-report request before a decision (218-FZ art. 6), with the consent it rests on. */
export function BureauRequestsSection({ client }: { client: CrmClientCard }) {
  return (
    <Section title="Запросы в бюро кредитных историй">
      {client.bureau_requests.length === 0 ? (
        <Empty>Запросов не было.</Empty>
      ) : (
        <TableScroll label="Список запросов в бюро">
          <table>
            <thead>
              <tr>
                <th scope="col">Запрошено</th>
                <th scope="col">Заявка</th>
                <th scope="col">Бюро</th>
                <th scope="col">Итог</th>
                <th scope="col">Что в ответе</th>
                <th scope="col">Согласие</th>
              </tr>
            </thead>
            <tbody>
              {client.bureau_requests.map((request) => (
                <tr key={request.id}>
                  <td className="nowrap">{formatDateTimeSeconds(request.requested_at)}</td>
                  <td>№{request.order_id}</td>
                  <td>{request.bureau}</td>
                  <td>{BUREAU_REQUEST_OUTCOME_TITLES[request.outcome]}</td>
                  <td>{summaryText(request)}</td>
                  <td>
                    {request.consent_version}
                    <span className="muted">
                      {' '}
                      · дано {formatDateTimeSeconds(request.consent_accepted_at)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}

/** The credit history reported about the client (218-FZ art. 5), newest first. */
export function CreditHistorySection({ client }: { client: CrmClientCard }) {
  return (
    <Section title="Передано в бюро кредитных историй">
      <CreditEventsTable events={client.credit_history} label="События кредитной истории клиента" />
    </Section>
  );
}
