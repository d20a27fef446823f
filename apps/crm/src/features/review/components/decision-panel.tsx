import { zodResolver } from '@hookform/resolvers/zod';
import {
  crmReviewDecisionRequestSchema,
  REVIEW_REASON_MAX,
  type CrmReviewDecisionRequest,
  type CrmReviewItem,
  type ReviewDecision,
} from '@zaymo/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, ErrorNotice, ErrorText } from '@/components/ui';
import { fieldMessagesOf } from '@zaymo/web-kit';
import { formatRoubles } from '@/lib/money';
import { useDecideReview } from '../api/review';
import { sentByText } from './waited';

const VERB: Record<ReviewDecision, { question: string; confirm: string; done: string }> = {
  approve: { question: 'Одобрить заявку', confirm: 'Да, одобрить', done: 'одобрена' },
  refuse: { question: 'Отказать по заявке', confirm: 'Да, отказать', done: 'отклонена' },
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
  const reasonId = useId();
  const decide = useDecideReview();
  const [confirming, setConfirming] = useState<ReviewDecision | null>(null);
  const form = useForm<CrmReviewDecisionRequest>({
    resolver: zodResolver(crmReviewDecisionRequestSchema),
    defaultValues: { decision: 'approve', reason: '' },
  });
  const reasonError = form.formState.errors.reason?.message;

  const ask = (decision: ReviewDecision) => {
    decide.reset();
    form.setValue('decision', decision);
    void form.handleSubmit(() => setConfirming(decision))();
  };

  const confirm = form.handleSubmit(({ decision, reason }) => {
    decide.mutate(
      { orderId: order.order_id, decision, reason },
      {
        onSuccess: () => onDecided(`Заявка №${order.order_id} ${VERB[decision].done}.`),
        onError: (error) => {
          setConfirming(null);
          const message = fieldMessagesOf(error).reason;
          if (message) form.setError('reason', { message });
        },
      },
    );
  });

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
      <form onSubmit={(event) => void confirm(event)} noValidate aria-label="Решение по заявке">
        <fieldset disabled={decide.isPending}>
          <div className="field">
            <label htmlFor={reasonId}>Причина решения</label>
            <textarea
              id={reasonId}
              rows={3}
              maxLength={REVIEW_REASON_MAX}
              aria-invalid={reasonError ? true : undefined}
              {...form.register('reason')}
            />
            <p className="field__hint">Видна в журнале и в карточке клиента; клиенту не уходит.</p>
            <ErrorText>{reasonError}</ErrorText>
          </div>
          {confirming ? (
            <div className="notice notice--warning" role="alert">
              <p>
                {VERB[confirming].question} №{order.order_id}? Клиент получит SMS, отменить решение
                будет нельзя.
              </p>
              <div className="actions">
                <Button
                  type="submit"
                  variant={confirming === 'approve' ? 'primary' : 'danger'}
                  loading={decide.isPending}
                >
                  {VERB[confirming].confirm}
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(null)}>
                  Отмена
                </Button>
              </div>
            </div>
          ) : (
            <div className="actions">
              <Button onClick={() => ask('approve')}>Одобрить</Button>
              <Button variant="danger" onClick={() => ask('refuse')}>
                Отказать
              </Button>
              <Button variant="link" onClick={onClose}>
                Закрыть
              </Button>
            </div>
          )}
          {decide.isError && !('reason' in fieldMessagesOf(decide.error)) && (
            <ErrorNotice error={decide.error} />
          )}
        </fieldset>
      </form>
    </section>
  );
}
