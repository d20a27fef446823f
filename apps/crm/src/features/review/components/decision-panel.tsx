import {
  crmReviewDecisionRequestSchema,
  REVIEW_REASON_MAX,
  type CrmReviewItem,
  type ReviewDecision,
} from '@zaymo/contract';
import { useId } from 'react';
import { DecisionForm } from '@/components/decision-form';
import { Button } from '@/components/ui';
import { formatRoubles } from '@/lib/money';
import { useDecideReview } from '../api/review';
import { sentByText } from './waited';

const VERB: Record<ReviewDecision, { question: string; done: string }> = {
  approve: { question: 'Одобрить заявку', done: 'одобрена' },
  refuse: { question: 'Отказать по заявке', done: 'отклонена' },
};

type Props = {
  order: CrmReviewItem;
  onDecided: (message: string) => void;
  onClose: () => void;
};

/**
 * The decision on one order: the scoring's reasons, the specialist's reason (required), then
 * «Одобрить» or «Отказать» and a confirmation — the client gets an SMS, there is no undo.
 */
export function DecisionPanel({ order, onDecided, onClose }: Props) {
  const headingId = useId();
  const decide = useDecideReview();
  return (
    <section className="review-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>
        Заявка №{order.order_id} — {order.client_name}
      </h2>
      <p>
        {formatRoubles(order.amount)} на {order.period} дн., к возврату{' '}
        {formatRoubles(order.return_sum)}. {sentByText(order.sent_by)}.
      </p>
      <h3>Правила скоринга</h3>
      <ul className="review-rules">
        {order.rules.map((rule) => (
          <li key={rule.rule} className={rule.passed ? 'rule--passed' : 'rule--failed'}>
            <span aria-hidden="true">{rule.passed ? '✓' : '✗'}</span>{' '}
            <span className="visually-hidden">{rule.passed ? 'Пройдено: ' : 'Не пройдено: '}</span>
            {rule.detail}
          </li>
        ))}
      </ul>
      <DecisionForm
        label="Решение по заявке"
        schema={crmReviewDecisionRequestSchema}
        reasonMax={REVIEW_REASON_MAX}
        reasonHint="Видна в журнале и в карточке клиента; клиенту не уходит."
        question={(decision) =>
          `${VERB[decision].question} №${order.order_id}? Клиент получит SMS, отменить решение будет нельзя.`
        }
        call={decide}
        send={async ({ decision, reason }) => {
          await decide.mutateAsync({ orderId: order.order_id, decision, reason });
          onDecided(`Заявка №${order.order_id} ${VERB[decision].done}.`);
        }}
      >
        <Button variant="link" onClick={onClose}>
          Закрыть
        </Button>
      </DecisionForm>
    </section>
  );
}
