import { zodResolver } from '@hookform/resolvers/zod';
import {
  crmPasswordRequestSchema,
  type CrmPasswordRequest,
  type CrmPasswordResponse,
} from '@zaymo/contract';
import { useForm } from 'react-hook-form';
import { Button, ErrorNotice, Field } from '@/components/ui';
import { usePasswordStep } from '../api/sign-in';

type Props = { onPassed: (answer: CrmPasswordResponse['data']) => void };

export function PasswordForm({ onPassed }: Props) {
  const step = usePasswordStep();
  const form = useForm<CrmPasswordRequest>({
    resolver: zodResolver(crmPasswordRequestSchema),
    defaultValues: { login: '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    step.mutate(values, { onSuccess: (answer) => onPassed(answer.data) }),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <fieldset disabled={step.isPending}>
        <Field
          label="Логин"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.login?.message}
          {...form.register('login')}
        />
        <Field
          label="Пароль"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        {step.isError && <ErrorNotice error={step.error} />}
        <Button type="submit" loading={step.isPending}>
          Продолжить
        </Button>
      </fieldset>
    </form>
  );
}
