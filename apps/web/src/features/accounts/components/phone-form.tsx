import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { phoneSchema } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import { showServerErrors } from '../lib/server-errors';
import { FormFieldset } from './auth-card';
import { PhoneField } from './phone-field';
import { RetryCooldownNotice, useRetryCooldown } from './retry-cooldown';

const phoneFormSchema = z.object({ phone: phoneSchema });

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
  const form = useForm<z.input<typeof phoneFormSchema>, unknown, z.output<typeof phoneFormSchema>>({
    resolver: zodResolver(phoneFormSchema),
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
    <form onSubmit={(event) => void submit(event)} noValidate>
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
