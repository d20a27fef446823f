import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  CREDIT_HOLIDAY_GROUND_TITLES,
  CREDIT_HOLIDAY_GROUNDS,
  CREDIT_HOLIDAY_STATUS_TITLES,
  MAX_CREDIT_HOLIDAY_DOCUMENTS,
  requestCreditHolidayFieldsSchema,
  type CreditHolidayRequest,
  type CreditHolidaysResponse,
  type RequestCreditHolidayFields,
} from '@zaymo/contract';
import { formatDate, hasErrorCode } from '@zaymo/web-kit';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormDateField } from '@/components/ui/date-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { PageTitle } from '@/components/ui/page-title';
import { showErrorNotice } from '@/lib/error-notice';
import { notify } from '@/stores/notifications';
import { useCreditHolidays, useRequestCreditHoliday } from '../api/credit-holidays';
import { openDocument } from '../lib/open-document';
import { showMoney } from '../servicing/lib/money';
import '../servicing/servicing.css';

type Data = CreditHolidaysResponse['data'];

/**
 * /credit-holidays: the request for credit holidays (353-FZ art. 6.1-1, 377-FZ) with documents,
 * what happens once they are given, and each request's state — after approval the new schedule
 * and the notice.
 */
export function CreditHolidaysScreen() {
  const { t } = useTranslation(['routes', 'servicing']);
  return (
    <div className="credit-holidays">
      <PageTitle>{t('routes:creditHolidays')}</PageTitle>
      <p>{t('servicing:holidays.lead')}</p>
      <HolidaysBody />
    </div>
  );
}

function HolidaysBody() {
  const { t } = useTranslation('servicing');
  const holidays = useCreditHolidays();
  if (holidays.isPending) {
    return (
      <Notice as="p" role="status">
        {t('holidays.loading')}
      </Notice>
    );
  }
  if (holidays.isError) {
    return (
      <Notice tone="error" role="alert">
        <p>{t('holidays.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void holidays.refetch()}>
          {t('holidays.retry')}
        </Button>
      </Notice>
    );
  }
  return (
    <>
      <WhatHappens />
      <Requests requests={holidays.data.requests} />
      <AskSection data={holidays.data} />
    </>
  );
}

const EFFECTS = ['deferred', 'noPenalty', 'interest', 'noCalls', 'notice', 'once'] as const;

function WhatHappens() {
  const { t } = useTranslation('servicing');
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <h2 id={titleId}>{t('holidays.whatHappens')}</h2>
      <ul>
        {EFFECTS.map((effect) => (
          <li key={effect}>{t(`holidays.effects.${effect}`)}</li>
        ))}
      </ul>
    </Card>
  );
}

function Requests({ requests }: { requests: readonly CreditHolidayRequest[] }) {
  const { t } = useTranslation('servicing');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{t('holidays.requests')}</h2>
      {requests.length === 0 ? (
        <p>{t('holidays.noRequests')}</p>
      ) : (
        <ul className="credit-holidays__requests">
          {requests.map((request) => (
            <li key={request.id}>
              <RequestCard request={request} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestCard({ request }: { request: CreditHolidayRequest }) {
  const { t } = useTranslation('servicing');
  const titleId = useId();
  const names = request.documents.map((document) => document.name).join(', ');
  return (
    <Card aria-labelledby={titleId}>
      <h3 id={titleId}>
        {t('holidays.request.title', { id: request.id, number: request.contract_number })}
      </h3>
      <p>
        <strong>{CREDIT_HOLIDAY_STATUS_TITLES[request.status]}</strong> ·{' '}
        {CREDIT_HOLIDAY_GROUND_TITLES[request.ground]}
      </p>
      <p>
        {t('holidays.request.period', {
          from: formatDate(request.start_date),
          until: formatDate(request.until_date),
          months: request.months,
        })}
      </p>
      <p>
        {request.decided_at
          ? t('holidays.request.decidedOn', { date: formatDate(request.decided_at) })
          : t('holidays.request.decideBy', { date: formatDate(request.decide_by) })}
      </p>
      <p>{t('holidays.request.dueBefore', { date: formatDate(request.due_date_before) })}</p>
      {request.due_date_after && (
        <p>
          <strong>
            {t('holidays.request.dueAfter', { date: formatDate(request.due_date_after) })}
          </strong>
        </p>
      )}
      {request.due_on_new_date && (
        <p>{t('holidays.request.dueSum', { amount: showMoney(request.due_on_new_date) })}</p>
      )}
      {request.reason && <p>{t('holidays.request.reason', { reason: request.reason })}</p>}
      {names && <p>{t('holidays.request.documents', { names })}</p>}
      {request.notice_link && <NoticeButton link={request.notice_link} />}
    </Card>
  );
}

function NoticeButton({ link }: { link: string }) {
  const { t } = useTranslation('servicing');
  return (
    <Button
      variant="secondary"
      onClick={() => void openDocument(link, t('holidays.request.noticeFailed'))}
    >
      {t('holidays.request.notice')}
    </Button>
  );
}

function AskSection({ data }: { data: Data }) {
  const { t } = useTranslation('servicing');
  const asked = new Set(
    data.requests.filter((request) => request.status !== 'refused').map((r) => r.order_id),
  );
  const loans = data.loans.filter((loan) => !asked.has(loan.order_id));
  if (data.loans.length === 0) return <p>{t('holidays.noLoans')}</p>;
  if (loans.length === 0) return <p>{t('holidays.allAsked')}</p>;
  return <AskForm data={data} loans={loans} />;
}

function AskForm({ data, loans }: { data: Data; loans: Data['loans'] }) {
  const { t } = useTranslation('servicing');
  const titleId = useId();
  const form = useForm<RequestCreditHolidayFields, unknown, unknown>({
    resolver: zodResolver(requestCreditHolidayFieldsSchema),
    defaultValues: {
      order_id: String(loans[0]?.order_id ?? ''),
      ground: 'income_drop',
      start_date: data.today,
      months: '1',
    },
  });
  const request = useRequestCreditHoliday();
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  const [progress, setProgress] = useState(0);
  const { errors, isSubmitting } = form.formState;
  const ground = form.watch('ground');
  const maxMonths =
    ground === 'service' ? data.rules.service_max_months : data.rules.income_drop_max_months;

  const submit = form.handleSubmit(async () => {
    if (files.length === 0) return setFilesError(t('holidays.form.noDocuments'));
    setFilesError(undefined);
    setProgress(0);
    try {
      const sent = await request.mutateAsync({
        ...form.getValues(),
        files,
        onProgress: setProgress,
      });
      notify({ message: t('holidays.form.sent', { id: sent.id }), type: 'success' });
      setFiles([]);
    } catch (error) {
      if (hasErrorCode(error, 'CREDIT_HOLIDAY_NO_DOCUMENTS')) setFilesError(error.message);
      else showErrorNotice(error);
    }
  });

  return (
    <Card aria-labelledby={titleId}>
      <h2 id={titleId}>{t('holidays.form.title')}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="credit-holidays__fieldset" disabled={isSubmitting}>
          <Field label={t('holidays.form.loan')} error={errors.order_id?.message}>
            {(control) => (
              <select className="ui-input" {...control} {...form.register('order_id')}>
                {loans.map((loan) => (
                  <option key={loan.order_id} value={String(loan.order_id)}>
                    {t('holidays.form.loanOption', {
                      number: loan.contract_number,
                      amount: showMoney(loan.amount),
                      date: formatDate(loan.due_date),
                    })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <GroundChoice form={form} data={data} />
          <FormDateField
            control={form.control}
            name="start_date"
            label={t('holidays.form.start')}
          />
          <Field
            label={t('holidays.form.months')}
            hint={t('holidays.form.monthsHint', { months: maxMonths })}
            error={errors.months?.message}
          >
            {(control) => (
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={maxMonths}
                {...control}
                {...form.register('months')}
              />
            )}
          </Field>
          <Field
            label={t('holidays.form.documents')}
            hint={t('holidays.form.documentsHint')}
            error={filesError}
          >
            {(control) => (
              <input
                type="file"
                multiple
                accept="application/pdf,image/jpeg,image/png,image/webp"
                {...control}
                onChange={(event) =>
                  setFiles([...(event.target.files ?? [])].slice(0, MAX_CREDIT_HOLIDAY_DOCUMENTS))
                }
              />
            )}
          </Field>
          {isSubmitting && (
            <div className="credit-holidays__progress">
              <progress max={100} value={progress} aria-label={t('holidays.form.sending')} />
              <span aria-hidden="true">{t('holidays.form.percent', { percent: progress })}</span>
            </div>
          )}
          <Button type="submit" loading={isSubmitting}>
            {t('holidays.form.submit')}
          </Button>
        </fieldset>
      </form>
    </Card>
  );
}

type HolidayForm = ReturnType<typeof useForm<RequestCreditHolidayFields, unknown, unknown>>;

function GroundChoice({ form, data }: { form: HolidayForm; data: Data }) {
  const { t } = useTranslation('servicing');
  const legendId = useId();
  const hints = {
    income_drop: t('holidays.form.incomeHint', {
      limit: showMoney(data.rules.income_drop_max_loan),
      months: data.rules.income_drop_max_months,
    }),
    service: data.rules.service_requests_until
      ? `${t('holidays.form.serviceHint')} ${t('holidays.form.serviceUntil', {
          date: formatDate(data.rules.service_requests_until),
        })}`
      : t('holidays.form.serviceHint'),
  };
  return (
    <fieldset className="credit-holidays__grounds" aria-describedby={legendId}>
      <legend id={legendId}>{t('holidays.form.ground')}</legend>
      {CREDIT_HOLIDAY_GROUNDS.map((ground) => (
        <label key={ground} className="credit-holidays__ground">
          <input type="radio" value={ground} {...form.register('ground')} />
          <span>
            <strong>{CREDIT_HOLIDAY_GROUND_TITLES[ground]}</strong>
            <br />
            {hints[ground]}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
