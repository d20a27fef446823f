import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { lazyResolver } from '@/lib/lazy-resolver';
import type { codeEntrySchema } from '../lib/form-resolvers';
import { showServerErrors } from '../lib/server-errors';
import { FormFieldset } from './auth-card';
import { CodeField } from './code-field';
import { CodeSentTo } from './code-sent-to';
import { ResendCode } from './resend-code';

type Input = z.input<typeof codeEntrySchema>;
type Output = z.output<typeof codeEntrySchema>;

const resolver = lazyResolver<Input, Output>(async () => {
  return (await import('../lib/form-resolvers')).codeEntryResolver;
});

type CodeEntryFormProps = {
  /** The number the code went to, when known. */
  phone?: string | undefined;
  /** Seconds until «send again» (the send answer's resend_after). */
  resendAfter: number;
  onResend: () => Promise<number>;
  /** Uses the code; a rejection is shown under the field (or as a toast). */
  onSubmit: (code: string) => Promise<void>;
  submitLabel: string;
  onChangePhone?: () => void;
};

/** The SMS code step: where it went, the 6-digit field, the resend countdown, submit. */
export function CodeEntryForm(props: CodeEntryFormProps) {
  const { phone, resendAfter, onResend, onSubmit, submitLabel, onChangePhone } = props;
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await onSubmit(code);
    } catch (error) {
      showServerErrors(error, form.setError, { fields: ['code'], fallbackField: 'code' });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} onFocusCapture={resolver.preload} noValidate>
      <FormFieldset busy={isSubmitting}>
        {phone && <CodeSentTo phone={phone} onChangePhone={onChangePhone} />}
        <CodeField registration={form.register('code')} error={errors.code?.message} />
        <ResendCode initialSeconds={resendAfter} onResend={onResend} />
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </FormFieldset>
    </form>
  );
}
