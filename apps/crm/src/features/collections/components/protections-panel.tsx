import {
  PROTECTION_KINDS,
  PROTECTION_TITLES,
  type CrmCollectionLoan,
  type ProtectionKind,
} from '@zaymo/contract';
import { dateError, formatDate } from '@zaymo/web-kit';
import { useState, type FormEvent } from 'react';
import { DateField } from '@/components/date-field';
import { Button, Empty, ErrorText, SelectField } from '@/components/ui';
import { errorText } from '@/lib/error-text';
import { useAddProtection } from '../api/collections';

const KIND_OPTIONS = PROTECTION_KINDS.map((kind) => ({
  value: kind,
  label: PROTECTION_TITLES[kind],
}));

/** Periods in which the law forbids contact (230-FZ art. 7 part 1, art. 8) and a form to add one. */
export function ProtectionsPanel({ loan }: { loan: CrmCollectionLoan }) {
  const add = useAddProtection(loan.loan.order_id);
  const [kind, setKind] = useState<ProtectionKind>('hospital');
  const [from, setFrom] = useState<string>();
  const [until, setUntil] = useState<string>();
  const [invalid, setInvalid] = useState<{ from?: string; until?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = { from: dateError(from, true), until: dateError(until, false) };
    setInvalid(errors);
    if (errors.from || errors.until || from === undefined) return;
    add.mutate({ kind, from, until: until ?? null, note: '' });
  };

  return (
    <>
      {loan.protections.length === 0 ? (
        <Empty>Запретов нет.</Empty>
      ) : (
        <ul>
          {loan.protections.map((period) => (
            <li key={period.id}>
              {PROTECTION_TITLES[period.kind]}: с {formatDate(period.from)}
              {period.until ? ` по ${formatDate(period.until)}` : ', бессрочно'}
              {period.filed_by === 'client' ? ' (заявил клиент)' : ''}
              {period.note && <span className="muted"> — {period.note}</span>}
            </li>
          ))}
        </ul>
      )}
      <form className="filters" onSubmit={submit} noValidate aria-label="Записать запрет">
        <SelectField
          label="Основание"
          options={KIND_OPTIONS}
          value={kind}
          onChange={(event) => setKind(event.target.value as ProtectionKind)}
        />
        <DateField label="С" value={from} onChange={setFrom} error={invalid.from} />
        <DateField
          label="По (пусто — бессрочно)"
          value={until}
          onChange={setUntil}
          error={invalid.until}
        />
        <Button type="submit" variant="secondary" loading={add.isPending}>
          Записать запрет
        </Button>
      </form>
      {add.isError && <ErrorText>{errorText(add.error)}</ErrorText>}
    </>
  );
}
