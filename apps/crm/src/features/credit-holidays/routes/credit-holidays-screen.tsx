import {
  CREDIT_HOLIDAY_GROUND_TITLES,
  CREDIT_HOLIDAY_STATUS_TITLES,
  CREDIT_HOLIDAY_STATUSES,
  crmDecideCreditHolidayRequestSchema,
  type CreditHolidayStatus,
  type CrmCreditHoliday,
} from '@zaymo/contract';
import { formatDate, formatDateTime } from '@zaymo/web-kit';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DecisionForm } from '@/components/decision-form';
import { Button, Empty, ErrorNotice, ErrorText, Loading } from '@/components/ui';
import { clientPath, ROUTES } from '@/config/paths';
import { formatRoubles } from '@/lib/money';
import { openFile } from '@/lib/open-file';
import { useTitle } from '@/lib/use-title';
import { useDecideHoliday, useHolidayQueue } from '../api/credit-holidays';

/**
 * «Кредитные каникулы» (risk and admin): the clients' requests under 353-FZ art. 6.1-1 and
 * 377-FZ with their documents and the last day to decide; approve or refuse with a reason (the
 * client gets an SMS). An approval changes the loan's terms at once, so it asks for a confirmation.
 */
export function CreditHolidaysScreen() {
  useTitle(ROUTES.creditHolidays.title);
  const [status, setStatus] = useState<CreditHolidayStatus>('pending');
  const [done, setDone] = useState<string | null>(null);
  const queue = useHolidayQueue(status);
  const statusId = useId();
  return (
    <div className="screen">
      <h1>Кредитные каникулы</h1>
      <div className="field">
        <label htmlFor={statusId}>Показать</label>
        <select
          id={statusId}
          value={status}
          onChange={(event) => setStatus(event.target.value as CreditHolidayStatus)}
        >
          {CREDIT_HOLIDAY_STATUSES.map((value) => (
            <option key={value} value={value}>
              {CREDIT_HOLIDAY_STATUS_TITLES[value]}
            </option>
          ))}
        </select>
      </div>
      {done && (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      )}
      {queue.isPending && <Loading label="Загружаем запросы…" />}
      {queue.isError && <ErrorNotice error={queue.error} onRetry={() => void queue.refetch()} />}
      {queue.data?.length === 0 && <Empty>Запросов нет.</Empty>}
      {queue.data?.map((request) => (
        <HolidayCard key={request.id} request={request} onDecided={setDone} />
      ))}
    </div>
  );
}

function HolidayCard({
  request,
  onDecided,
}: {
  request: CrmCreditHoliday;
  onDecided: (message: string) => void;
}) {
  const headingId = useId();
  return (
    <section className="section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        Запрос №{request.id} — <Link to={clientPath(request.client_id)}>{request.client_name}</Link>
      </h2>
      <dl className="facts">
        <dt>Основание</dt>
        <dd>{CREDIT_HOLIDAY_GROUND_TITLES[request.ground]}</dd>
        <dt>Заём</dt>
        <dd>
          № {request.contract_number}, {formatRoubles(request.loan_amount)}, платёж{' '}
          {formatDate(request.due_date_before)}
        </dd>
        <dt>Каникулы</dt>
        <dd>
          {formatDate(request.start_date)} — {formatDate(request.until_date)} ({request.months}{' '}
          мес.)
        </dd>
        <dt>Запрошены</dt>
        <dd>{formatDateTime(request.created_at)}</dd>
        {request.status === 'pending' && <DecisionTerm request={request} />}
        <dt>Статус</dt>
        <dd>{CREDIT_HOLIDAY_STATUS_TITLES[request.status]}</dd>
        {request.due_date_after && (
          <>
            <dt>Новая дата платежа</dt>
            <dd>{formatDate(request.due_date_after)}</dd>
          </>
        )}
        {request.reason && (
          <>
            <dt>Причина</dt>
            <dd>
              {request.reason}
              {request.decided_by ? ` (${request.decided_by})` : ''}
            </dd>
          </>
        )}
      </dl>
      <Documents request={request} />
      {request.status === 'pending' && (
        <HolidayDecisionForm request={request} onDecided={onDecided} />
      )}
    </section>
  );
}

/** The law's term to decide (353-FZ art. 6.1-1: five working days); a missed one stands out. */
function DecisionTerm({ request }: { request: CrmCreditHoliday }) {
  return (
    <>
      <dt>Решить до</dt>
      <dd>
        {formatDate(request.decide_by)} включительно
        {request.decision_overdue && (
          <strong className="term-overdue"> — срок рассмотрения истёк</strong>
        )}
      </dd>
    </>
  );
}

function Documents({ request }: { request: CrmCreditHoliday }) {
  const [error, setError] = useState<string | null>(null);
  const open = async (fileId: number) => {
    setError(await openFile(`crm/credit-holidays/${request.id}/documents/${fileId}`));
  };
  return (
    <>
      <h3>Документы</h3>
      <ul>
        {request.documents.map((document) => (
          <li key={document.id}>
            <Button variant="secondary" onClick={() => void open(document.id)}>
              {document.name}
            </Button>
          </li>
        ))}
      </ul>
      <ErrorText>{error}</ErrorText>
    </>
  );
}

const DONE = { approve: 'одобрены', refuse: 'отклонены' } as const;

const QUESTION = {
  approve:
    'Одобрить каникулы? Дата платежа сдвинется, неустойка за дни каникул будет снята, взыскание остановится.',
  refuse: 'Отказать в каникулах?',
} as const;

function HolidayDecisionForm({
  request,
  onDecided,
}: {
  request: CrmCreditHoliday;
  onDecided: (message: string) => void;
}) {
  const decide = useDecideHoliday();
  return (
    <DecisionForm
      label={`Решение по запросу №${request.id}`}
      schema={crmDecideCreditHolidayRequestSchema}
      reasonMax={1000}
      reasonHint="Клиент увидит её в личном кабинете."
      question={(decision) => QUESTION[decision]}
      call={decide}
      send={async ({ decision, reason }) => {
        await decide.mutateAsync({ id: request.id, decision, reason });
        onDecided(`Каникулы по запросу №${request.id} ${DONE[decision]}.`);
      }}
    />
  );
}
