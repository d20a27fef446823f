import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/config/paths';
import { fieldMessagesOf, hasErrorCode } from '@/lib/api-client';
import { errorMessageOf } from '@/lib/error-notice';
import { notify } from '@/stores/notifications';
import { useConfirmPasswordReset } from '../api/profile';
import { AuthCard, FormFieldset } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';
import { usePasswordPolicy } from '../hooks/use-password-policy';
import { newPasswordSchemaFor } from '../lib/password-schema';
import { showServerErrors } from '../lib/server-errors';

/** Shortest token the contract accepts; anything shorter cannot be a link of ours. */
const MIN_TOKEN_LENGTH = 16;

/** /email/reset?token=…: a new password for the client who followed the e-mailed link. */
export function EmailResetScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [deadLink, setDeadLink] = useState<string | null>(null);
  return (
    <AuthCard titleKey="emailReset">
      {token.length < MIN_TOKEN_LENGTH || deadLink !== null ? (
        <DeadLinkNotice message={deadLink} />
      ) : (
        <ResetForm token={token} onDeadLink={setDeadLink} />
      )}
    </AuthCard>
  );
}

type ResetFormProps = { token: string; onDeadLink: (message: string) => void };

function ResetForm({ token, onDeadLink }: ResetFormProps) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const { policy } = usePasswordPolicy();
  const schema = useMemo(() => newPasswordSchemaFor(policy), [policy]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { password: '', repeat: '' },
  });
  const confirmReset = useConfirmPasswordReset();
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await confirmReset.mutateAsync({ token, password });
      notify({ message: t('reset.done'), type: 'success' });
      await navigate(ROUTES.signin.path, { replace: true });
    } catch (error) {
      if (isDeadLink(error)) onDeadLink(errorMessageOf(error) || t('reset.deadLink'));
      else showServerErrors(error, form.setError, { fields: ['password'] });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormFieldset busy={isSubmitting}>
        <p className="accounts-lead">{t('reset.newLead')}</p>
        <NewPasswordFields
          password={form.register('password')}
          repeat={form.register('repeat')}
          errors={{ password: errors.password?.message, repeat: errors.repeat?.message }}
          policy={policy}
        />
        <Button type="submit" loading={isSubmitting}>
          {t('reset.save')}
        </Button>
      </FormFieldset>
    </form>
  );
}

/** A used, expired or unknown token: the server names the token field, or answers NOT_FOUND. */
function isDeadLink(error: unknown): boolean {
  if (hasErrorCode(error, 'NOT_FOUND')) return true;
  return fieldMessagesOf(error).token !== undefined;
}

function DeadLinkNotice({ message }: { message: string | null }) {
  const { t } = useTranslation('accounts');
  return (
    <div className="accounts-notice" role="alert">
      <p>{message ?? t('reset.noToken')}</p>
      <p>
        <Link to={ROUTES.signin.path} state={{ view: 'reset' }}>
          {t('reset.requestNew')}
        </Link>
      </p>
    </div>
  );
}
