import type { CrmSettingsEntity } from '@zaymo/contract';
import { Empty, ErrorNotice, Loading } from '@/components/ui';
import { formatDateTimeSeconds } from '@zaymo/web-kit';
import { useSettingsHistory } from '../api/settings';

type Value = string | number | boolean | null;

function valueText(value: Value | undefined): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  return String(value);
}

/** The versions of one item: who changed it, when, and each changed field before → after. */
export function SettingsHistory({
  entity,
  id,
  labels,
  of,
}: {
  entity: CrmSettingsEntity;
  id?: string;
  labels: Readonly<Record<string, string>>;
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
                        {labels[key] ?? key}: {valueText(change.before[key])} →{' '}
                        {valueText(change.after[key])}
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
