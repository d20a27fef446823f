import { OVERDUE_BUCKET_NAMES, type OverdueBucket } from '@zaymo/contract';
import { useState, type FormEvent } from 'react';
import { Button, Field, SelectField } from '@/components/ui';
import { useCollectors, type QueueFilters } from '../api/collections';

const BUCKET_OPTIONS = OVERDUE_BUCKET_NAMES.map((bucket) => ({
  value: bucket,
  label: `${bucket.replace('-', '–')} дн.`,
}));

/** The filters the address carries (?bucket=&collector=&q=); others dropped. */
export function queueFiltersOf(search: URLSearchParams): QueueFilters {
  const filters: QueueFilters = {};
  const bucket = search.get('bucket') ?? '';
  const collector = search.get('collector') ?? '';
  const q = search.get('q')?.trim() ?? '';
  if ((OVERDUE_BUCKET_NAMES as readonly string[]).includes(bucket)) {
    filters.bucket = bucket as OverdueBucket;
  }
  if (/^(mine|none|\d{1,12})$/.test(collector)) filters.collector = collector;
  if (q) filters.q = q.slice(0, 64);
  return filters;
}

export function searchOfQueue(filters: QueueFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

type Props = { filters: QueueFilters; onApply: (filters: QueueFilters) => void };

export function QueueFiltersForm({ filters, onApply }: Props) {
  const collectors = useCollectors();
  const [values, setValues] = useState({
    bucket: filters.bucket ?? '',
    collector: filters.collector ?? '',
    q: filters.q ?? '',
  });
  const set = (name: keyof typeof values) => (value: string) =>
    setValues((previous) => ({ ...previous, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(queueFiltersOf(new URLSearchParams(values)));
  };

  return (
    <form className="filters" onSubmit={submit} noValidate aria-label="Фильтры просрочки">
      <SelectField
        label="Просрочка"
        anyLabel="Любая"
        options={BUCKET_OPTIONS}
        value={values.bucket}
        onChange={(event) => set('bucket')(event.target.value)}
      />
      <SelectField
        label="Взыскатель"
        anyLabel="Все"
        options={[
          { value: 'mine', label: 'Мои' },
          { value: 'none', label: 'Без взыскателя' },
          ...(collectors.data ?? []).map((member) => ({ value: member.id, label: member.name })),
        ]}
        value={values.collector}
        onChange={(event) => set('collector')(event.target.value)}
      />
      <Field
        label="Договор, телефон или фамилия"
        value={values.q}
        maxLength={64}
        onChange={(event) => set('q')(event.target.value)}
      />
      <Button type="submit">Показать</Button>
    </form>
  );
}
