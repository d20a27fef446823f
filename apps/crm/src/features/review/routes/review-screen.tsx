import type { CrmReviewItem } from '@zaymo/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Empty, ErrorNotice, Loading, TableScroll } from '@/components/ui';
import { clientPath, ROUTES } from '@/config/paths';
import { formatDateTimeSeconds } from '@zaymo/web-kit';
import { formatRoubles } from '@/lib/money';
import { useTitle } from '@/lib/use-title';
import { useReviewQueue } from '../api/review';
import { DecisionPanel } from '../components/decision-panel';
import { waitedText } from '../components/waited';

/**
 * «Проверка заявок» (risk and admin): the orders the scoring sent to a person,
 * oldest first; a row opens the client's card or the decision panel. A decided order leaves the
 * queue.
 */
export function ReviewScreen() {
  useTitle(ROUTES.review.title);
  const queue = useReviewQueue();
  const [openId, setOpenId] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const open = queue.data?.find((order) => order.order_id === openId) ?? null;

  return (
    <div className="screen">
      <h1>Проверка заявок</h1>
      {done && (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      )}
      {queue.isPending && <Loading label="Загружаем заявки…" />}
      {queue.isError && <ErrorNotice error={queue.error} onRetry={() => void queue.refetch()} />}
      {queue.data?.length === 0 && <Empty>Заявок на ручной проверке нет.</Empty>}
      {queue.data && queue.data.length > 0 && (
        <TableScroll label="Заявки на проверке">
          <table>
            <thead>
              <tr>
                <th scope="col">Заявка</th>
                <th scope="col">Клиент</th>
                <th scope="col">Телефон</th>
                <th scope="col" className="number">
                  Сумма
                </th>
                <th scope="col">Срок</th>
                <th scope="col">Ждёт</th>
                <th scope="col">Решение</th>
              </tr>
            </thead>
            <tbody>
              {queue.data.map((order) => (
                <QueueRow
                  key={order.order_id}
                  order={order}
                  open={order.order_id === openId}
                  onOpen={() => {
                    setDone(null);
                    setOpenId(order.order_id);
                  }}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {open && (
        <DecisionPanel
          key={open.order_id}
          order={open}
          onClose={() => setOpenId(null)}
          onDecided={(message) => {
            setDone(message);
            setOpenId(null);
          }}
        />
      )}
    </div>
  );
}

function QueueRow({
  order,
  open,
  onOpen,
}: {
  order: CrmReviewItem;
  open: boolean;
  onOpen: () => void;
}) {
  return (
    <tr aria-current={open || undefined}>
      <td className="nowrap">№{order.order_id}</td>
      <td>
        <Link to={clientPath(order.client_id)}>{order.client_name}</Link>
      </td>
      <td className="nowrap">{order.phone_masked}</td>
      <td className="number nowrap">{formatRoubles(order.amount)}</td>
      <td className="nowrap">{order.period} дн.</td>
      <td>
        <span className="nowrap">{waitedText(order.waited_seconds)}</span>
        <span className="muted"> (с {formatDateTimeSeconds(order.waiting_since)})</span>
      </td>
      <td>
        <Button
          variant="secondary"
          aria-label={`Решить по заявке №${order.order_id}`}
          onClick={onOpen}
        >
          Решить
        </Button>
      </td>
    </tr>
  );
}
