import {
  WAIVER_KINDS,
  WAIVER_KIND_TITLES,
  type CrmCollectionLoan,
  type WaiverKind,
} from '@zaymo/contract';
import { hasErrorCode } from '@zaymo/web-kit';
import { useState, type FormEvent } from 'react';
import { Button, Empty, ErrorText, Field, SelectField } from '@/components/ui';
import { errorText } from '@/lib/error-text';
import { useProposeWaiver } from '../api/collections';
import { WaiverText } from './waiver-text';

/**
 * The loan's waivers with their states, and the proposal form: nothing is written off until a
 * second person (risk or admin) approves it in «Согласование».
 */
export function WaiverPanel({ loan }: { loan: CrmCollectionLoan }) {
  const propose = useProposeWaiver(loan.loan.order_id);
  const [kind, setKind] = useState<WaiverKind>('penalty');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const fields = hasErrorCode(propose.error, 'VALIDATION') ? propose.error.fields : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { kind, amount: kind === 'write_off' ? null : amount, reason };
    propose.mutate(body, {
      onSuccess: () => {
        setAmount('');
        setReason('');
      },
    });
  };

  return (
    <>
      {loan.waivers.length === 0 ? (
        <Empty>Списаний не предлагали.</Empty>
      ) : (
        <ul aria-label="Списания">
          {loan.waivers.map((waiver) => (
            <li key={waiver.id}>
              <WaiverText waiver={waiver} />
            </li>
          ))}
        </ul>
      )}
      <form className="filters" onSubmit={submit} noValidate aria-label="Предложить списание">
        <SelectField
          label="Что списать"
          options={WAIVER_KINDS.map((value) => ({ value, label: WAIVER_KIND_TITLES[value] }))}
          value={kind}
          onChange={(event) => setKind(event.target.value as WaiverKind)}
        />
        {kind !== 'write_off' && (
          <Field
            label="Сумма списания, ₽"
            inputMode="decimal"
            value={amount}
            error={fields.amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        )}
        <Field
          label="Причина списания"
          value={reason}
          error={fields.reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={propose.isPending}>
          Предложить списание
        </Button>
      </form>
      {propose.isError && !hasErrorCode(propose.error, 'VALIDATION') && (
        <ErrorText>{errorText(propose.error)}</ErrorText>
      )}
      {propose.isSuccess && <p role="status">Предложение отправлено на согласование.</p>}
    </>
  );
}
