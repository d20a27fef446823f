import { PROMISE_STATE_TITLES, type CrmPromise } from '@zaymo/contract';
import { formatDate } from '@zaymo/web-kit';
import { formatRoubles } from '@/lib/money';

/** «5 000 ₽ до 04.12.2026 — Нарушено». */
export function PromiseText({ promise }: { promise: CrmPromise }) {
  return (
    <span>
      {formatRoubles(promise.amount)} до {formatDate(promise.due_on)} —{' '}
      <strong>{PROMISE_STATE_TITLES[promise.state]}</strong>
    </span>
  );
}
