import { zodResolver } from '@hookform/resolvers/zod';
import {
  CREDIT_HOLIDAY_GROUND_TITLES,
  CREDIT_HOLIDAY_STATUS_TITLES,
  CREDIT_HOLIDAY_STATUSES,
  crmDecideCreditHolidayRequestSchema,
  type CreditHolidayStatus,
  type CrmCreditHoliday,
  type CrmDecideCreditHolidayRequest,
} from '@zaymo/contract';
import { formatDate, formatDateTime } from '@zaymo/web-kit';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, Empty, ErrorNotice, ErrorText, Loading } from '@/components/ui';
import { clientPath, ROUTES } from '@/config/paths';
import { errorText } from '@/lib/error-text';
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
      {request.status === 'pending' && <DecisionForm request={request} onDecided={onDecided} />}
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

const VERB = {
  approve: { label: 'Одобрить', confirm: 'Да, одобрить', done: 'одобрены' },
  refuse: { label: 'Отказать', confirm: 'Да, отказать', done: 'отклонены' },
} as const;

function DecisionForm({
  request,
  onDecided,
}: {
  request: CrmCreditHoliday;
  onDecided: (message: string) => void;
}) {
  const reasonId = useId();
  const decide = useDecideHoliday();
  const [confirming, setConfirming] = useState<'approve' | 'refuse' | null>(null);
  const form = useForm<CrmDecideCreditHolidayRequest>({
    resolver: zodResolver(crmDecideCreditHolidayRequestSchema),
    defaultValues: { decision: 'approve', reason: '' },
  });
  const reasonError = form.formState.errors.reason?.message;
  const ask = (decision: 'approve' | 'refuse') => {
    decide.reset();
    form.setValue('decision', decision);
    void form.handleSubmit(() => setConfirming(decision))();
  };
  const confirm = form.handleSubmit(({ decision, reason }) => {
    decide.mutate(
      { id: request.id, decision, reason },
      {
        onSuccess: () => onDecided(`Каникулы по запросу №${request.id} ${VERB[decision].done}.`),
        onError: () => setConfirming(null),
      },
    );
  });
  return (
    <form
      onSubmit={(event) => void confirm(event)}
      noValidate
      aria-label={`Решение по запросу №${request.id}`}
    >
      <fieldset disabled={decide.isPending}>
        <div className="field">
          <label htmlFor={reasonId}>Причина решения</label>
          <textarea
            id={reasonId}
            rows={3}
            maxLength={1000}
            aria-invalid={reasonError ? true : undefined}
            {...form.register('reason')}
          />
          <p className="field__hint">Клиент увидит её в личном кабинете.</p>
          <ErrorText>{reasonError}</ErrorText>
        </div>
        {decide.isError && <ErrorText>{errorText(decide.error)}</ErrorText>}
        {confirming ? (
          <div className="notice notice--warning" role="alert">
            <p>
              {confirming === 'approve'
                ? 'Одобрить каникулы? Дата платежа сдвинется, неустойка за дни каникул будет снята, взыскание остановится.'
                : 'Отказать в каникулах?'}
            </p>
            <div className="actions">
              <Button
                type="submit"
                variant={confirming === 'approve' ? 'primary' : 'danger'}
                loading={decide.isPending}
              >
                {VERB[confirming].confirm}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(null)}>
                Отмена
              </Button>
            </div>
          </div>
        ) : (
          <div className="actions">
            <Button onClick={() => ask('approve')}>{VERB.approve.label}</Button>
            <Button variant="danger" onClick={() => ask('refuse')}>
              {VERB.refuse.label}
            </Button>
          </div>
        )}
      </fieldset>
    </form>
  );
}
