import type { CrmCollectionLoan } from '@zaymo/contract';
import { useState, type FormEvent } from 'react';
import { Button, Empty, ErrorText, Field } from '@/components/ui';
import { errorText } from '@/lib/error-text';
import { useAddPromise } from '../api/collections';
import { PromiseText } from './promise-text';

/** The loan's promises to pay, newest first, and a form to record one. */
export function PromisePanel({ loan }: { loan: CrmCollectionLoan }) {
  const add = useAddPromise(loan.loan.order_id);
  const [amount, setAmount] = useState('');
  const [dueOn, setDueOn] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
        <Field
          label="Оплатит до"
          type="date"
          value={dueOn}
          onChange={(event) => setDueOn(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={add.isPending}>
          Записать обещание
        </Button>
      </form>
      {add.isError && <ErrorText>{errorText(add.error)}</ErrorText>}
    </>
  );
}
