import type { CrmOrder, LoanInsurance } from '@zaymo/contract';
import { Empty, Section, TableScroll } from '@/components/ui';
import { formatDate, formatDateTimeSeconds } from '@zaymo/web-kit';
import { formatRoubles } from '@/lib/money';
import { ledgerKindTitle, orderStatusTitle } from './titles';

function orderName(order: CrmOrder): string {
  return order.contract_number ? `Договор ${order.contract_number}` : `Заявка №${order.id}`;
}

type DebtLoad = NonNullable<CrmOrder['debt_load']>;

/** The average the declared income was compared with: the region's, or the country's instead. */
function averageName(region: string | null): string {
  return region ? `средний доход региона «${region}»` : 'средний доход по России';
}

/** Why this income: confirmed, declared, or the average of the registration region (6579-У). */
function incomeBasisTitle({ income_basis: basis, income_region: region }: DebtLoad): string {
  if (basis === 'confirmed') return 'подтверждённый доход';
  if (basis === 'regional_average') return `${averageName(region)} — ниже заявленного`;
  return region ? `заявленный доход — не выше, чем ${averageName(region)}` : 'заявленный доход';
}

/** The notice of the risk is signed with the contract: before that it is only due. */
function noticeTitle(order: CrmOrder): string {
  const signed = order.status_history.some((event) => event.status === 'SIGNED');
  return signed
    ? '. Клиент подписал уведомление о риске'
    : '. Клиент подпишет уведомление о риске вместе с договором';
}

/** ПДН of the order and the income it was computed on (353-ФЗ ст. 5.1, Указание 6579-У). */
function DebtLoadLine({ order, debtLoad }: { order: CrmOrder; debtLoad: DebtLoad }) {
  return (
    <p>
      ПДН {debtLoad.percent.replace('.', ',')} %: платежи {formatRoubles(debtLoad.monthly_payments)}{' '}
      в месяц при доходе {formatRoubles(debtLoad.income)} ({incomeBasisTitle(debtLoad)})
      {debtLoad.notice && noticeTitle(order)}
    </p>
  );
}

const REFUND_STATUSES: Record<NonNullable<LoanInsurance['refusal']>['refund_status'], string> = {
  queued: 'в очереди на отправку',
  sending: 'отправлен в платёжный шлюз, ждём ответа',
  refunded: 'зачислен на карту',
  declined: 'отклонён банком — нужен возврат вручную',
};

/** A loan's insurance, the client's refusal and the premium's refund (353-ФЗ, ст. 7, ч. 2.7). */
function InsuranceLine({ insurance }: { insurance: LoanInsurance }) {
  const { refusal } = insurance;
  return (
    <p>
      Страховка «{insurance.names.join('», «')}»: {formatRoubles(insurance.premium)}, удержана из
      выдачи.{' '}
      {refusal ? (
        <>
          Клиент отказался {formatDateTimeSeconds(refusal.applied_at)} (МСК); возврат{' '}
          {formatRoubles(refusal.amount)} {REFUND_STATUSES[refusal.refund_status]}
          {refusal.refunded_on && ` ${formatDate(refusal.refunded_on)}`}, срок — до{' '}
          {formatDate(refusal.refund_due_by)}.
        </>
      ) : (
        <>Отказаться можно до {formatDate(insurance.refusal_last_day)} включительно.</>
      )}
    </p>
  );
}

/** «Заявки»: each order with its way so far and the scoring's reasons. */
export function OrdersSection({ orders }: { orders: CrmOrder[] }) {
  return (
    <Section title="Заявки">
      {orders.length === 0 ? (
        <Empty>Заявок нет.</Empty>
      ) : (
        orders.map((order) => (
          <article key={order.id} className="order" aria-label={orderName(order)}>
            <h3>
              {orderName(order)} — {orderStatusTitle(order.status)}
            </h3>
            <p>
              {formatRoubles(order.amount)} на {order.period} дн. под {order.day_percent} % в день,
              к возврату {formatRoubles(order.return_sum)}
              {order.due_date && `, до ${formatDate(order.due_date)}`}. Подана{' '}
              {formatDateTimeSeconds(order.created_at)}.
            </p>
            {order.cooling_off_until && (
              <p>
                Период охлаждения (353-ФЗ, ст. 7, ч. 9.3): деньги не раньше{' '}
                {formatDateTimeSeconds(order.cooling_off_until)} (МСК)
              </p>
            )}
            {order.debt_load && <DebtLoadLine order={order} debtLoad={order.debt_load} />}
            {order.insurance && <InsuranceLine insurance={order.insurance} />}
            {order.status_reason && <p>Причина: {order.status_reason}</p>}
            {order.moratorium_until && <p>Мораторий до {formatDate(order.moratorium_until)}</p>}
            <ol className="history" aria-label="История статусов">
              {order.status_history.map((event) => (
                <li key={`${event.status}-${event.at}`}>
                  {formatDateTimeSeconds(event.at)} — {orderStatusTitle(event.status)}
                  {event.by !== undefined && (
                    <>
                      {' '}
                      (ручная проверка: {event.by}
                      {event.reason && `, «${event.reason}»`})
                    </>
                  )}
                </li>
              ))}
            </ol>
            {order.scoring && (
              <details>
                <summary>
                  Скоринг: {order.scoring.approved ? 'одобрено' : 'отказ'},{' '}
                  {formatDateTimeSeconds(order.scoring.decided_at)}
                  {order.scoring.forced_by && ` (песочница: ${order.scoring.forced_by})`}
                </summary>
                <ul>
                  {order.scoring.rules.map((rule) => (
                    <li key={rule.rule}>
                      {rule.passed ? '✓' : '✗'} {rule.rule}: {rule.detail}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </article>
        ))
      )}
    </Section>
  );
}

/** «Займы с движениями»: every ledger entry of each loan, oldest first. */
export function LoansSection({ orders }: { orders: CrmOrder[] }) {
  const loans = orders.filter((order) => order.ledger.length > 0);
  return (
    <Section title="Займы с движениями">
      {loans.length === 0 ? (
        <Empty>Выданных займов нет.</Empty>
      ) : (
        loans.map((loan) => (
          <TableScroll key={loan.id} label={`Движения: ${orderName(loan)}`}>
            <table>
              <caption>{orderName(loan)}</caption>
              <thead>
                <tr>
                  <th scope="col">Дата</th>
                  <th scope="col">Движение</th>
                  <th scope="col" className="number">
                    Сумма
                  </th>
                  <th scope="col">Разнесено</th>
                </tr>
              </thead>
              <tbody>
                {loan.ledger.map((entry) => (
                  <tr key={entry.id}>
                    <td className="nowrap">{formatDate(entry.entry_date)}</td>
                    <td>
                      {ledgerKindTitle(entry.kind)}
                      {entry.reverses && (
                        <span className="muted"> (отменяет {entry.reverses})</span>
                      )}
                    </td>
                    <td className="number nowrap">{formatRoubles(entry.amount)}</td>
                    <td>
                      {entry.allocated
                        ? `неустойка ${formatRoubles(entry.allocated.penalty)}, проценты ${formatRoubles(entry.allocated.interest)}, долг ${formatRoubles(entry.allocated.principal)}`
                        : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ))
      )}
    </Section>
  );
}

/** «Платежи и выплаты» with the gateway's references. */
export function PaymentsSection({ orders }: { orders: CrmOrder[] }) {
  const operations = orders.flatMap((order) =>
    [...order.payouts, ...order.payments].map((operation) => ({ order, operation })),
  );
  return (
    <Section title="Платежи и выплаты">
      {operations.length === 0 ? (
        <Empty>Платежей и выплат нет.</Empty>
      ) : (
        <TableScroll label="Список платежей и выплат">
          <table>
            <thead>
              <tr>
                <th scope="col">Создан</th>
                <th scope="col">Займ</th>
                <th scope="col">Операция</th>
                <th scope="col" className="number">
                  Сумма
                </th>
                <th scope="col">Статус</th>
                <th scope="col">Шлюз</th>
                <th scope="col">Карта</th>
              </tr>
            </thead>
            <tbody>
              {operations.map(({ order, operation }) => (
                <tr key={operation.id}>
                  <td className="nowrap">{formatDateTimeSeconds(operation.created_at)}</td>
                  <td>{orderName(order)}</td>
                  <td>
                    {operation.kind}
                    {operation.payment_type && ` (${operation.payment_type})`}
                  </td>
                  <td className="number nowrap">{formatRoubles(operation.amount)}</td>
                  <td>
                    {operation.status}
                    {operation.message && <span className="muted"> — {operation.message}</span>}
                  </td>
                  <td>
                    {operation.gateway}: заказ {operation.gateway_order_id ?? '—'}, операция{' '}
                    {operation.gateway_operation_id ?? '—'}, ссылка {operation.reference}
                  </td>
                  <td className="nowrap">{operation.card_pan_masked ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}
