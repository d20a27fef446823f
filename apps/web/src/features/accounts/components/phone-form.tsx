import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { lazyResolver } from '@/lib/lazy-resolver';
import type { phoneFormSchema } from '../lib/form-resolvers';
import { showServerErrors } from '../lib/server-errors';
import { FormFieldset } from './auth-card';
import { PhoneField } from './phone-field';
import { RetryCooldownNotice, useRetryCooldown } from './retry-cooldown';

type Input = z.input<typeof phoneFormSchema>;
type Output = z.output<typeof phoneFormSchema>;

const resolver = lazyResolver<Input, Output>(async () => {
  return (await import('../lib/form-resolvers')).phoneFormResolver;
});

type PhoneFormProps = {
  initialPhone: string;
  submitLabel: string;
  /** Receives the normalised phone «+79…»; a rejection is shown under the field or as a toast. */
  onSubmit: (phone: string) => Promise<void>;
  /** For a form that replaced what the client just used (a view switch), not on page load. */
  autoFocus?: boolean;
  label?: string;
};

/** A form of one masked phone field and a submit button. */
export function PhoneForm(props: PhoneFormProps) {
  const { initialPhone, submitLabel, onSubmit, autoFocus, label } = props;
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: { phone: initialPhone },
  });
  const { errors, isSubmitting } = form.formState;
  const cooldown = useRetryCooldown();
  const cooldownId = useId();
  const submit = form.handleSubmit(async ({ phone }) => {
    try {
      await onSubmit(phone);
    } catch (error) {
      cooldown.onError(error);
      showServerErrors(error, form.setError, { fields: ['phone'] });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} onFocusCapture={resolver.preload} noValidate>
      <FormFieldset busy={isSubmitting}>
        <PhoneField
          registration={form.register('phone')}
          error={errors.phone?.message}
          autoFocus={autoFocus}
          label={label}
        />
        <Button
          type="submit"
          loading={isSubmitting}
          disabled={cooldown.waiting}
          aria-describedby={cooldown.waiting ? cooldownId : undefined}
        >
          {submitLabel}
        </Button>
        <RetryCooldownNotice id={cooldownId} remaining={cooldown.remaining} />
      </FormFieldset>
    </form>
  );
}
