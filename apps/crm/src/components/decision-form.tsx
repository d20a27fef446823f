import { zodResolver } from '@hookform/resolvers/zod';
import { fieldMessagesOf } from '@zaymo/web-kit';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, ErrorNotice, ErrorText } from '@/components/ui';

export type Decision = 'approve' | 'refuse';
export type DecisionRequest = { decision: Decision; reason: string };

const VERB: Record<Decision, { label: string; confirm: string }> = {
  approve: { label: 'Одобрить', confirm: 'Да, одобрить' },
  refuse: { label: 'Отказать', confirm: 'Да, отказать' },
};

type Props = {
  /** The form's name for a screen reader: what is decided. */
  label: string;
  /** The contract's request schema of the decision call. */
  schema: z.ZodType<DecisionRequest, DecisionRequest>;
  reasonMax: number;
  /** Who reads the reason. */
  reasonHint: string;
  /** The confirmation's question: what the decision does once confirmed. */
  question: (decision: Decision) => string;
  /** The decision call's state: busy while it runs, its failure shown under the form. */
  call: { isPending: boolean; error: Error | null; reset: () => void };
  /** Sends the decision; a refusal brings the buttons back, a reason refused under its field. */
  send: (request: DecisionRequest) => Promise<unknown>;
  /** More actions beside «Одобрить» and «Отказать» («Закрыть»). */
  children?: ReactNode;
};

/**
 * A specialist's decision: the reason (required), then «Одобрить» or «Отказать» and a
 * confirmation of what follows — there is no undo.
 */
export function DecisionForm(props: Props) {
  const { label, schema, reasonMax, reasonHint, question, call, send, children } = props;
  const reasonId = useId();
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const form = useForm<DecisionRequest>({
    resolver: zodResolver(schema),
    defaultValues: { decision: 'approve', reason: '' },
  });
  const reasonError = form.formState.errors.reason?.message;

  const ask = (decision: Decision) => {
    call.reset();
    form.setValue('decision', decision);
    void form.handleSubmit(() => setConfirming(decision))();
  };

  const confirm = form.handleSubmit(async (request) => {
    try {
      await send(request);
    } catch (error) {
      setConfirming(null);
      const message = fieldMessagesOf(error).reason;
      if (message) form.setError('reason', { message });
    }
  });

  return (
    <form onSubmit={(event) => void confirm(event)} noValidate aria-label={label}>
      <fieldset disabled={call.isPending}>
        <div className="field">
          <label htmlFor={reasonId}>Причина решения</label>
          <textarea
            id={reasonId}
            rows={3}
            maxLength={reasonMax}
            aria-invalid={reasonError ? true : undefined}
            {...form.register('reason')}
          />
          <p className="field__hint">{reasonHint}</p>
          <ErrorText>{reasonError}</ErrorText>
        </div>
        {confirming ? (
          <div className="notice notice--warning" role="alert">
            <p>{question(confirming)}</p>
            <div className="actions">
              <Button
                type="submit"
                variant={confirming === 'approve' ? 'primary' : 'danger'}
                loading={call.isPending}
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
            <Button onClick={() => ask('approve')}>{VERB.approve.label}</Button>
            <Button variant="danger" onClick={() => ask('refuse')}>
              {VERB.refuse.label}
            </Button>
            {children}
          </div>
        )}
        {call.error && !('reason' in fieldMessagesOf(call.error)) && (
          <ErrorNotice error={call.error} />
        )}
      </fieldset>
    </form>
  );
}
