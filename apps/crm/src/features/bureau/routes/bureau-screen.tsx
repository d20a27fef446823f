import type { CrmBureauOverview } from '@zaymo/contract';
import { CreditEventsTable } from '@/components/credit-events';
import { ErrorNotice, Loading, Section } from '@/components/ui';
import { ROUTES } from '@/config/paths';
import { useTitle } from '@/lib/use-title';
import { useBureauOverview } from '../api/bureau';

function Summary({ overview }: { overview: CrmBureauOverview }) {
  const { summary } = overview;
  const facts: readonly [string, string | number][] = [
    ['Бюро', overview.bureau ?? 'не подключено — займы не выдаются'],
    ['Не подтверждено бюро', summary.unsent],
    ['С ошибкой', summary.failing],
    ['Срок передачи прошёл', summary.late],
    ['Принято сегодня', summary.acknowledged_today],
  ];
  return (
    <dl className="facts">
      {facts.map(([label, value]) => (
        <div key={label} className="facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * «БКИ» (risk and up): the credit history we report (218-FZ art. 5) — what needs attention first
 * (failing, past or near the deadline of `deadline_working_days` working days), then the newest
 * events whatever their state.
 */
export function BureauScreen() {
  useTitle(ROUTES.bureau.title);
  const overview = useBureauOverview();
  return (
    <div className="screen">
      <h1>Бюро кредитных историй</h1>
      {overview.isPending && <Loading />}
      {overview.isError && (
        <ErrorNotice error={overview.error} onRetry={() => void overview.refetch()} />
      )}
      {overview.data && (
        <>
          <Summary overview={overview.data} />
          <p className="muted">
            Событие передаётся в бюро не позднее {overview.data.deadline_working_days}-го рабочего
            дня после него (218-ФЗ, ст. 5 ч. 5); рабочие дни — по производственному календарю на{' '}
            {overview.data.calendar_years.join(', ')} гг.
          </p>
          <Section title="Требуют внимания">
            <CreditEventsTable
              events={overview.data.attention}
              label="События с ошибкой или подходящим сроком"
              withClient
            />
          </Section>
          <Section title="Последние события">
            <CreditEventsTable
              events={overview.data.recent}
              label="Последние события кредитной истории"
              withClient
            />
          </Section>
        </>
      )}
    </div>
  );
}
