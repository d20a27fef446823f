import type { CrmSettingsEntity } from '@zaymo/contract';
import { Empty, ErrorNotice, Loading } from '@/components/ui';
import { formatDateTimeSeconds } from '@zaymo/web-kit';
import { formatRoubles } from '@/lib/money';
import { useSettingsHistory } from '../api/settings';

type Value = string | number | boolean | null;

function valueText(value: Value | undefined, isMoney: boolean): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (isMoney && typeof value === 'string') return formatRoubles(value);
  return String(value);
}

/** The versions of one item: who changed it, when, and each changed field before → after. */
export function SettingsHistory({
  entity,
  id,
  labels,
  money = [],
  of,
}: {
  entity: CrmSettingsEntity;
  id?: string;
  labels: Readonly<Record<string, string>>;
  /** The fields that are amounts of money («30000.00» on the wire), shown as «30 000 ₽». */
  money?: readonly string[];
  /** What the history is of, in its name: several may be on the screen at once. */
  of: string;
}) {
  const history = useSettingsHistory(entity, id);
  return (
    <section className="settings-history" aria-label={`История изменений: ${of}`}>
      <h2>История изменений</h2>
      {history.isPending && <Loading />}
      {history.isError && (
        <ErrorNotice error={history.error} onRetry={() => void history.refetch()} />
      )}
      {history.data?.length === 0 && <Empty>Изменений ещё не было.</Empty>}
      {history.data && history.data.length > 0 && (
        <ol className="plain-list">
          {history.data.map((change) => {
            const fields = Object.keys({ ...change.before, ...change.after }).filter(
              (key) => change.before[key] !== change.after[key],
            );
            return (
              <li key={change.id}>
                <p>
                  {formatDateTimeSeconds(change.changed_at)} — {change.staff.name}{' '}
                  <span className="muted">({change.staff.login})</span>
                </p>
                {fields.length === 0 ? (
                  <p className="muted">Сохранено без изменений</p>
                ) : (
                  <ul>
                    {fields.map((key) => (
                      <li key={key}>
                        {labels[key] ?? key}: {valueText(change.before[key], money.includes(key))} →{' '}
                        {valueText(change.after[key], money.includes(key))}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
