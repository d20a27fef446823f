import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Arrangements, InteractionStatement } from '@zaymo/contract';
import { formatDate } from '@zaymo/web-kit';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { hasErrorCode } from '@/lib/api-client';
import { errorMessageOf } from '@/lib/error-notice';
import { useInteractionStatement } from '../api/arrangements';

/**
 * «Отказ от взаимодействия»: what 230-FZ art. 8 lets a debtor do, and the statement itself —
 * a refusal (from `refusal_from`) or an advocate to deal with instead. Either stops the
 * collectors' calls and messages from the day it is filed.
 */
export function InteractionRefusal({
  orderId,
  arrangements,
}: {
  orderId: number;
  arrangements: Arrangements;
}) {
  const { t } = useTranslation('servicing');
  const titleId = useId();
  const statement = useInteractionStatement(orderId);
  const [kind, setKind] = useState<InteractionStatement>('representative');
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const errors = hasErrorCode(statement.error, 'VALIDATION') ? statement.error.fields : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    statement.mutate({ kind, representative_name: name, representative_contact: contact });
  };
  const from = formatDate(arrangements.refusal_from);
  return (
    <section className="loan-refusal" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('refusal.title')}</h3>
      <p>{t('refusal.law')}</p>
      <p>{t('refusal.when', { date: from })}</p>
      <p className="loan-servicing__hint">{t('refusal.post')}</p>
      {arrangements.statements.length > 0 && (
        <ul className="loan-arrange__list" aria-label={t('refusal.filed')}>
          {arrangements.statements.map((item) => (
            <li key={`${item.kind}-${item.from}-${item.note}`}>
              {t(`refusal.filedItem.${item.kind}`, { date: formatDate(item.from) })}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate aria-label={t('refusal.form')}>
        <fieldset className="loan-servicing__choices">
          <legend>{t('refusal.kind')}</legend>
          {(['representative', 'refusal'] as const).map((value) => (
            <label key={value} className="loan-servicing__choice">
              <input
                type="radio"
                name="interaction-statement"
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              {t(`refusal.kinds.${value}`)}
            </label>
          ))}
        </fieldset>
        {kind === 'representative' && (
          <div className="loan-arrange__fields">
            <Field label={t('refusal.name')} error={errors.representative_name}>
              {(control) => (
                <Input
                  {...control}
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
              )}
            </Field>
            <Field label={t('refusal.contact')} error={errors.representative_contact}>
              {(control) => (
                <Input
                  {...control}
                  value={contact}
                  onChange={(event) => setContact(event.target.value)}
                />
              )}
            </Field>
          </div>
        )}
        <Button type="submit" variant="secondary" loading={statement.isPending}>
          {t('refusal.submit')}
        </Button>
        {statement.isError && !hasErrorCode(statement.error, 'VALIDATION') && (
          <p className="loan-servicing__error" role="alert">
            {errorMessageOf(statement.error)}
          </p>
        )}
        {statement.isSuccess && <p role="status">{t('refusal.done')}</p>}
      </form>
    </section>
  );
}
