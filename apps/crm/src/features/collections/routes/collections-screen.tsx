import { CONTACT_CHANNEL_TITLES, type CrmOverdueLoan } from '@zaymo/contract';
import { formatDate, formatDateTime } from '@zaymo/web-kit';
import { Link, useSearchParams } from 'react-router';
import { Empty, ErrorNotice, Loading, MoreButton, TableScroll } from '@/components/ui';
import { clientPath, collectionPath, ROUTES } from '@/config/paths';
import { formatRoubles } from '@/lib/money';
import { useTitle } from '@/lib/use-title';
import { useOverdueQueue } from '../api/collections';
import { PromiseText } from '../components/promise-text';
import { QueueFiltersForm, queueFiltersOf, searchOfQueue } from '../components/queue-filters';

/**
 * «Просрочка» (collectors and up): overdue loans, the longest overdue first, with the debt, the
 * last contact, the call-back the client asked for and who works each; a row opens the loan's
 * contacts.
 */
export function CollectionsScreen() {
  useTitle(ROUTES.collections.title);
  const [search, setSearch] = useSearchParams();
  const filters = queueFiltersOf(search);
  const queue = useOverdueQueue(filters);
  const loans = queue.data?.pages.flatMap((page) => page.data.loans) ?? [];
  const today = queue.data?.pages[0]?.data.today;

  return (
    <div className="screen">
      <h1>Просрочка</h1>
      {today && <p className="muted">Дни просрочки — на {formatDate(today)} (МСК).</p>}
      <QueueFiltersForm
        key={search.toString()}
        filters={filters}
        onApply={(next) => setSearch(searchOfQueue(next))}
      />
      {queue.isPending && <Loading label="Загружаем просроченные займы…" />}
      {queue.isError && <ErrorNotice error={queue.error} onRetry={() => void queue.refetch()} />}
      {queue.isSuccess && loans.length === 0 && (
        <Empty>Просроченных займов с такими условиями нет.</Empty>
      )}
      {loans.length > 0 && (
        <TableScroll label="Просроченные займы">
          <table>
            <thead>
              <tr>
                <th scope="col">Договор</th>
                <th scope="col">Клиент</th>
                <th scope="col">Просрочка</th>
                <th scope="col" className="number">
                  Долг
                </th>
                <th scope="col">Последний контакт</th>
                <th scope="col">Обещание</th>
                <th scope="col">Перезвонить</th>
                <th scope="col">Взыскатель</th>
              </tr>
            </thead>
            <tbody>
              {loans.map((loan) => (
                <QueueRow key={loan.order_id} loan={loan} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <MoreButton list={queue} />
    </div>
  );
}

function QueueRow({ loan }: { loan: CrmOverdueLoan }) {
  const contact = loan.last_contact;
  return (
    <tr data-testid="overdue-loan">
      <td className="nowrap">
        <Link to={collectionPath(loan.order_id)}>{loan.contract_number}</Link>
      </td>
      <td>
        <Link to={clientPath(loan.client_id)}>{loan.client_name}</Link>
        <span className="muted nowrap"> {loan.phone_masked}</span>
      </td>
      <td className="nowrap">
        {loan.days_past_due} дн. <span className="muted">(срок {formatDate(loan.due_date)})</span>
      </td>
      <td className="number nowrap">{formatRoubles(loan.owed.total)}</td>
      <td>
        {contact
          ? `${CONTACT_CHANNEL_TITLES[contact.channel]}, ${formatDateTime(contact.at)}`
          : 'Не было'}
      </td>
      <td>
        {loan.promise ? <PromiseText promise={loan.promise} /> : <span className="muted">Нет</span>}
      </td>
      <td className="nowrap" data-testid="callback">
        {loan.callback ? (
          <strong>{formatDateTime(loan.callback.at)}</strong>
        ) : (
          <span className="muted">Нет</span>
        )}
      </td>
      <td>{loan.collector?.name ?? <span className="muted">Не назначен</span>}</td>
    </tr>
  );
}
