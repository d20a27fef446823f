import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  formatPersonalInn,
  INN_MASK,
  saveInnRequestSchema,
  type SaveInnRequest,
} from '@zaymo/contract';
import { formatDateTime, useMaskedRef } from '@zaymo/web-kit';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { hasErrorCode } from '@/lib/api-client';
import { useClientInn, useSaveInn } from '../api/inn';
import { showServerErrors } from '@/lib/server-errors';

type InnValues = z.input<typeof saveInnRequestSchema>;

/**
 * The questionnaire's ИНН (353-FZ art. 7 as amended by 9-FZ): its own small form, checked here
 * by its two check digits and by the server against the ФНС by the saved passport.
 */
export function InnSection() {
  const { t } = useTranslation('identity');
  const saved = useClientInn();
  return (
    <section className="identity-inn" aria-labelledby="identity-inn-title">
      <h3 id="identity-inn-title" className="identity-inn__title">
        {t('inn.title')}
      </h3>
      <p className="identity-note">{t('inn.lead')}</p>
      {saved.data?.inn && saved.data.checked_at ? (
        <p className="identity-inn__saved" role="status">
          {t('inn.saved', {
            inn: formatPersonalInn(saved.data.inn),
            date: formatDateTime(saved.data.checked_at),
          })}
        </p>
      ) : null}
      <InnForm key={saved.data?.inn ?? ''} initial={saved.data?.inn ?? ''} />
    </section>
  );
}

const FNS_REFUSALS = [
  'INN_MISMATCH',
  'INN_NOT_FOUND',
  'INN_NEEDS_PASSPORT',
  'FNS_UNAVAILABLE',
] as const;

function InnForm({ initial }: { initial: string }) {
  const { t } = useTranslation('identity');
  const save = useSaveInn();
  const form = useForm<InnValues, unknown, SaveInnRequest>({
    resolver: zodResolver(saveInnRequestSchema),
    defaultValues: { inn: initial ? formatPersonalInn(initial) : '' },
  });
  const inn = form.register('inn');
  const innRef = useMaskedRef(INN_MASK, inn.ref);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body.inn);
    } catch (error) {
      if (hasErrorCode(error, ...FNS_REFUSALS)) {
        form.setError('inn', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      showServerErrors(error, form.setError, ['inn']);
    }
  });
  return (
    <form className="identity-inn__form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset disabled={isSubmitting} className="identity-inn__fields">
        <Field label={t('inn.label')} hint={t('inn.hint')} error={errors.inn?.message}>
          {(control) => (
            <Input
              {...control}
              {...inn}
              ref={innRef}
              inputMode="numeric"
              autoComplete="off"
              placeholder="0000 0000 0000"
              className="identity-input--short"
            />
          )}
        </Field>
        <Button type="submit" variant="secondary">
          {t('inn.submit')}
        </Button>
      </fieldset>
    </form>
  );
}
