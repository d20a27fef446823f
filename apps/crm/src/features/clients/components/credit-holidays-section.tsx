import { CREDIT_HOLIDAY_GROUND_TITLES } from '@zaymo/contract';
import { formatDate } from '@zaymo/web-kit';
import { Empty, ErrorNotice, Loading, Section, TableScroll } from '@/components/ui';
import { useClientHolidays } from '../api/credit-holidays';

/** The client's approved credit holidays: the period, the moved due date, who approved and why. */
export function CreditHolidaysSection({ clientId }: { clientId: number }) {
  const holidays = useClientHolidays(clientId);
  return (
    <Section title="Кредитные каникулы">
      {holidays.isPending && <Loading label="Загружаем каникулы…" />}
      {holidays.isError && (
        <ErrorNotice error={holidays.error} onRetry={() => void holidays.refetch()} />
      )}
      {holidays.data?.length === 0 && <Empty>Одобренных каникул нет.</Empty>}
      {holidays.data && holidays.data.length > 0 && (
        <TableScroll label="Одобренные кредитные каникулы">
          <table>
            <thead>
              <tr>
                <th scope="col">Договор</th>
                <th scope="col">Основание</th>
                <th scope="col">Каникулы</th>
                <th scope="col">Дата платежа</th>
                <th scope="col">Одобрены</th>
              </tr>
            </thead>
            <tbody>
              {holidays.data.map((holiday) => (
                <tr key={holiday.id}>
                  <td>№ {holiday.contract_number}</td>
                  <td>{CREDIT_HOLIDAY_GROUND_TITLES[holiday.ground]}</td>
                  <td>
                    {formatDate(holiday.start_date)} — {formatDate(holiday.until_date)}
                  </td>
                  <td>
                    {formatDate(holiday.due_date_before)} →{' '}
                    {holiday.due_date_after ? formatDate(holiday.due_date_after) : '—'}
                  </td>
                  <td>
                    {holiday.decided_at ? formatDate(holiday.decided_at) : '—'}
                    {holiday.decided_by ? `, ${holiday.decided_by}` : ''}
                    {holiday.reason ? `: ${holiday.reason}` : ''}
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
