import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { smsCodeSchema } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import { readQueryCookies } from '@/lib/cookies';
import { useCreateClient, type CreateClientBody } from '../api/sign-up';
import { usePasswordPolicy } from '../hooks/use-password-policy';
import { readEsiaSignup } from '../lib/esia-ticket';
import { optionalPasswordSchemaFor } from '../lib/password-schema';
import { showServerErrors } from '../lib/server-errors';
import { FormFieldset } from './auth-card';
import { CodeField } from './code-field';
import { CodeSentTo } from './code-sent-to';
import { NewPasswordField } from './new-password-field';
import { ResendCode } from './resend-code';
import type { PhoneStepResult } from './signup-phone-step';

type CodeStepProps = PhoneStepResult & {
  resend: () => Promise<number>;
  onChangePhone: () => void;
};

/** Sign-up step 2: the SMS code and an optional password → POST /clients/create. */
export function SignupCodeStep({
  phone,
  consents,
  resendAfter,
  resend,
  onChangePhone,
}: CodeStepProps) {
  const { t } = useTranslation('accounts');
  const { policy } = usePasswordPolicy();
  const schema = useMemo(
    () => z.object({ code: smsCodeSchema, password: optionalPasswordSchemaFor(policy) }),
    [policy],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { code: '', password: '' },
  });
  const createClient = useCreateClient();
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ code, password }) => {
    try {
      // The guests-only guard takes the new client on to the identity steps.
      await createClient.mutateAsync(signupBody({ phone, code, consents, password }));
    } catch (error) {
      showServerErrors(error, form.setError, {
        fields: ['code', 'password'],
        fallbackField: 'code',
      });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormFieldset busy={isSubmitting}>
        <CodeSentTo phone={phone} onChangePhone={onChangePhone} />
        <CodeField registration={form.register('code')} error={errors.code?.message} />
        <ResendCode initialSeconds={resendAfter} onResend={resend} />
        <NewPasswordField
          label={t('fields.passwordOptional')}
          registration={form.register('password')}
          error={errors.password?.message}
          policy={policy}
          note={t('password.optionalNote')}
          phone={phone}
        />
        <Button type="submit" loading={isSubmitting}>
          {t('signup.submit')}
        </Button>
      </FormFieldset>
    </form>
  );
}

type SignupValues = Pick<CreateClientBody, 'phone' | 'code' | 'consents'> & { password: string };

/**
 * The create body: the password only when set, the Госуслуги ticket when the sign-up came from
 * there, the stored query parameters as the referer.
 */
export function signupBody({ password, ...rest }: SignupValues): CreateClientBody {
  const body: CreateClientBody = { ...rest };
  if (password) body.password = password;
  const esia = readEsiaSignup();
  if (esia) body.esia_ticket = esia.ticket;
  const referer = refererParams();
  if (Object.keys(referer).length > 0) body.referer = referer;
  return body;
}

/** App parameters are not where the client came from; oversized ones would fail the call. */
const NOT_REFERER = new Set(['redirect', 'from_crm']);
const MAX_NAME = 64;
const MAX_VALUE = 512;

function refererParams(): Record<string, string> {
  const entries = Object.entries(readQueryCookies()).filter(
    ([name, value]) =>
      !NOT_REFERER.has(name) && name.length <= MAX_NAME && value.length <= MAX_VALUE,
  );
  return Object.fromEntries(entries);
}
