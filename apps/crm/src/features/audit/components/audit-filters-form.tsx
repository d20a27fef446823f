import { CRM_AUDIT_ACTION_TITLES, CRM_AUDIT_ACTIONS } from '@zaymo/contract';
import { useState, type FormEvent } from 'react';
import { dateError } from '@zaymo/web-kit';
import { DateField } from '@/components/date-field';
import { Button, Field, SelectField } from '@/components/ui';
import { useStaffChoices, type AuditFilters } from '../api/audit';
import { filtersOf } from './filters';

const ACTION_OPTIONS = CRM_AUDIT_ACTIONS.map((action) => ({
  value: action,
  label: CRM_AUDIT_ACTION_TITLES[action],
}));

type Props = { filters: AuditFilters; onApply: (filters: AuditFilters) => void };

/** The log's filters: staff member, client, action, Moscow days from and to (inclusive). */
export function AuditFiltersForm({ filters, onApply }: Props) {
  const staff = useStaffChoices();
  const [values, setValues] = useState({
    staff_id: filters.staff_id ? String(filters.staff_id) : '',
    client_id: filters.client_id ? String(filters.client_id) : '',
    action: filters.action ?? '',
  });
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  const [invalid, setInvalid] = useState<Partial<Record<'client_id' | 'from' | 'to', string>>>({});
  const set = (name: keyof typeof values) => (value: string) =>
    setValues((previous) => ({ ...previous, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      client_id:
        values.client_id && !/^[1-9]\d{0,9}$/.test(values.client_id.trim())
          ? 'Номер клиента — целое число'
          : undefined,
      from: dateError(from, false),
      to: dateError(to, false),
    };
    setInvalid(errors);
    if (Object.values(errors).some(Boolean)) return;
    const search = {
      ...values,
      client_id: values.client_id.trim(),
      from: from ?? '',
      to: to ?? '',
    };
    onApply(filtersOf(new URLSearchParams(search)));
  };

  return (
    <form className="filters" onSubmit={submit} noValidate aria-label="Фильтры журнала">
      <SelectField
        label="Сотрудник"
        anyLabel="Все"
        options={(staff.data ?? []).map((member) => ({
          value: member.id,
          label: `${member.name} (${member.login})`,
        }))}
        value={values.staff_id}
        onChange={(event) => set('staff_id')(event.target.value)}
      />
      <Field
        label="Номер клиента"
        inputMode="numeric"
        value={values.client_id}
        onChange={(event) => set('client_id')(event.target.value)}
        error={invalid.client_id}
      />
      <SelectField
        label="Действие"
        anyLabel="Все"
        options={ACTION_OPTIONS}
        value={values.action}
        onChange={(event) => set('action')(event.target.value)}
      />
      <DateField label="С (по Москве)" value={from} onChange={setFrom} error={invalid.from} />
      <DateField label="По (включительно)" value={to} onChange={setTo} error={invalid.to} />
      <Button type="submit">Применить</Button>
    </form>
  );
}
