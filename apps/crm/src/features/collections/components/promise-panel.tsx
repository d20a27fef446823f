import type { CrmCollectionLoan } from '@zaymo/contract';
import { useState, type FormEvent } from 'react';
import { dateError } from '@zaymo/web-kit';
import { DateField } from '@/components/date-field';
import { Button, Empty, ErrorText, Field } from '@/components/ui';
import { errorText } from '@/lib/error-text';
import { useAddPromise } from '../api/collections';
import { PromiseText } from './promise-text';

/** The loan's promises to pay, newest first, and a form to record one. */
export function PromisePanel({ loan }: { loan: CrmCollectionLoan }) {
  const add = useAddPromise(loan.loan.order_id);
  const [amount, setAmount] = useState('');
  const [dueOn, setDueOn] = useState<string>();
  const [dueOnError, setDueOnError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = dateError(dueOn, true);
    setDueOnError(error);
    if (error || dueOn === undefined) return;
    add.mutate({ amount, due_on: dueOn }, { onSuccess: () => setAmount('') });
  };

  return (
    <>
      {loan.promises.length === 0 ? (
        <Empty>Обещаний не было.</Empty>
      ) : (
        <ul aria-label="Обещания оплатить">
          {loan.promises.map((promise) => (
            <li key={promise.id}>
              <PromiseText promise={promise} />
              <span className="muted"> ({promise.staff_name ?? 'клиент в кабинете'})</span>
            </li>
          ))}
        </ul>
      )}
      <form className="filters" onSubmit={submit} noValidate aria-label="Записать обещание">
        <Field
          label="Сумма, ₽"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <DateField label="Оплатит до" value={dueOn} onChange={setDueOn} error={dueOnError} />
        <Button type="submit" variant="secondary" loading={add.isPending}>
          Записать обещание
        </Button>
      </form>
      {add.isError && <ErrorText>{errorText(add.error)}</ErrorText>}
    </>
  );
}
