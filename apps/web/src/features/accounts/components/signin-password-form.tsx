import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { loginRequestSchema } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useLoginWithPassword } from '../api/sign-in';
import { showServerErrors } from '../lib/server-errors';
import { FormFieldset } from './auth-card';
import { PasswordField } from './password-field';
import { PhoneField } from './phone-field';

type Input = z.input<typeof loginRequestSchema>;
type Output = z.output<typeof loginRequestSchema>;

const resolver = lazyResolver<Input, Output>(async () => {
  return (await import('../lib/form-resolvers')).signinPasswordResolver;
});

type SigninPasswordFormProps = {
  initialPhone: string;
  next: string | null;
  onPhone: (phone: string) => void;
};

/** Sign-in with phone and password (POST /clients/login). */
export function SigninPasswordForm({ initialPhone, next, onPhone }: SigninPasswordFormProps) {
  const { t } = useTranslation('accounts');
  const login = useLoginWithPassword(next);
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: { phone: initialPhone, password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (credentials) => {
    onPhone(credentials.phone);
    try {
      await login.mutateAsync(credentials);
    } catch (error) {
      showServerErrors(error, form.setError, {
        fields: ['phone', 'password'],
        fallbackField: 'password',
      });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} onFocusCapture={resolver.preload} noValidate>
      <FormFieldset busy={isSubmitting}>
        <PhoneField registration={form.register('phone')} error={errors.phone?.message} />
        <PasswordField
          label={t('fields.password')}
          registration={form.register('password')}
          error={errors.password?.message}
          autoComplete="current-password"
        />
        <Button type="submit" loading={isSubmitting}>
          {t('signin.submit')}
        </Button>
      </FormFieldset>
    </form>
  );
}
