import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROMISE_STATE_TITLES, type Arrangements } from '@zaymo/contract';
import { dateError, formatDate } from '@zaymo/web-kit';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { hasErrorCode } from '@/lib/api-client';
import { errorMessageOf } from '@/lib/error-notice';
import { useCallbackRequest, usePromiseToPay } from '../api/arrangements';
import { showMoney } from '../lib/money';

/** The page of the credit-holidays request (353-FZ art. 6.1-1). */
export const CREDIT_HOLIDAYS_PATH = '/credit-holidays';

/** Hours a call-back can be asked for; the server checks the day's own window (230-FZ art. 7). */
const CALLBACK_HOURS = Array.from({ length: 14 }, (_, index) => index + 8);

type Mutation = { error: unknown; isError: boolean };

function fieldErrors(mutation: Mutation): Record<string, string> {
  return hasErrorCode(mutation.error, 'VALIDATION') ? mutation.error.fields : {};
}

/**
 * A date field of a form sent by hand: an unfinished or impossible day is refused before sending
 * (until the field changes), else the server's refusal of the field is shown.
 */
function useDateField(mutation: Mutation, field: string) {
  const [value, setValue] = useState<string | undefined>();
  const [ownError, setOwnError] = useState<string | undefined>();
  const change = (next: string | undefined) => {
    setValue(next);
    setOwnError(undefined);
  };
  /** The date to send, or nothing after showing why it cannot be sent. */
  const checked = (): string | undefined => {
    const error = dateError(value, true);
    setOwnError(error);
    return error ? undefined : value;
  };
  return { value, change, checked, error: ownError ?? fieldErrors(mutation)[field] };
}

function Refusal({ mutation }: { mutation: Mutation }) {
  if (!mutation.isError || hasErrorCode(mutation.error, 'VALIDATION')) return null;
  return (
    <p className="loan-servicing__error" role="alert">
      {errorMessageOf(mutation.error)}
    </p>
  );
}

/** «Договориться об оплате»: a promise to pay, a call-back, or credit holidays. */
export function ArrangePanel({
  orderId,
  arrangements,
}: {
  orderId: number;
  arrangements: Arrangements;
}) {
  const { t } = useTranslation('servicing');
  return (
    <div className="loan-servicing__panel loan-arrange">
      <p>{t('arrange.intro')}</p>
      <PromiseForm orderId={orderId} arrangements={arrangements} />
      <CallbackForm orderId={orderId} arrangements={arrangements} />
      <section aria-labelledby="arrange-holidays">
        <h3 id="arrange-holidays">{t('arrange.holidays.title')}</h3>
        <p>{t('arrange.holidays.text')}</p>
        <Link to={CREDIT_HOLIDAYS_PATH}>{t('arrange.holidays.link')}</Link>
      </section>
    </div>
  );
}

function PromiseForm({ orderId, arrangements }: { orderId: number; arrangements: Arrangements }) {
  const { t } = useTranslation('servicing');
  const promise = usePromiseToPay(orderId);
  const [amount, setAmount] = useState('');
  const dueOn = useDateField(promise, 'due_on');
  const errors = fieldErrors(promise);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const day = dueOn.checked();
    if (day) promise.mutate({ amount, due_on: day });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="arrange-promise">
      <h3 id="arrange-promise">{t('arrange.promise.title')}</h3>
      {arrangements.promises.length > 0 && (
        <ul className="loan-arrange__list" aria-label={t('arrange.promise.made')}>
          {arrangements.promises.map((item) => (
            <li key={`${item.made_on}-${item.due_on}-${item.amount}`}>
              {t('arrange.promise.item', {
                amount: showMoney(item.amount),
                date: formatDate(item.due_on),
                state: PROMISE_STATE_TITLES[item.state],
              })}
            </li>
          ))}
        </ul>
      )}
      <div className="loan-arrange__fields">
        <Field label={t('arrange.promise.amount')} error={errors.amount}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          )}
        </Field>
        <DateField
          label={t('arrange.promise.date')}
          error={dueOn.error}
          value={dueOn.value}
          onChange={dueOn.change}
        />
      </div>
      <Button type="submit" variant="secondary" loading={promise.isPending}>
        {t('arrange.promise.submit')}
      </Button>
      <Refusal mutation={promise} />
      {promise.isSuccess && <p role="status">{t('arrange.promise.done')}</p>}
    </form>
  );
}

function CallbackForm({ orderId, arrangements }: { orderId: number; arrangements: Arrangements }) {
  const { t } = useTranslation('servicing');
  const callback = useCallbackRequest(orderId);
  const date = useDateField(callback, 'date');
  const [hour, setHour] = useState('10');
  const errors = fieldErrors(callback);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const day = date.checked();
    if (day) callback.mutate({ date: day, hour: Number(hour) });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="arrange-callback">
      <h3 id="arrange-callback">{t('arrange.callback.title')}</h3>
      <p className="loan-servicing__hint">{t('arrange.callback.hint')}</p>
      {arrangements.callbacks.length > 0 && (
        <ul className="loan-arrange__list" aria-label={t('arrange.callback.made')}>
          {arrangements.callbacks.map((item) => (
            <li key={item.at}>{t('arrange.callback.item', { when: item.local })}</li>
          ))}
        </ul>
      )}
      <div className="loan-arrange__fields">
        <DateField
          label={t('arrange.callback.date')}
          error={date.error}
          value={date.value}
          onChange={date.change}
        />
        <Field label={t('arrange.callback.hour')} error={errors.hour}>
          {(control) => (
            <select
              {...control}
              className="ui-input"
              value={hour}
              onChange={(event) => setHour(event.target.value)}
            >
              {CALLBACK_HOURS.map((value) => (
                <option key={value} value={value}>
                  {`${String(value).padStart(2, '0')}:00`}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Button type="submit" variant="secondary" loading={callback.isPending}>
        {t('arrange.callback.submit')}
      </Button>
      <Refusal mutation={callback} />
      {callback.isSuccess && <p role="status">{t('arrange.callback.done')}</p>}
    </form>
  );
}
