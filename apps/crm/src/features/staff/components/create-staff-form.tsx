import { zodResolver } from '@hookform/resolvers/zod';
import {
  createStaffRequestSchema,
  STAFF_PASSWORD_MIN_LENGTH,
  STAFF_ROLE_TITLES,
  STAFF_ROLES,
  type CreateStaffRequest,
} from '@zaymo/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, ErrorNotice, Field, SelectField } from '@/components/ui';
import { fieldMessagesOf } from '@zaymo/web-kit';
import { useCreateStaff } from '../api/staff';

const EMPTY: CreateStaffRequest = { login: '', name: '', role: 'operator', password: '' };
const FIELDS = ['login', 'name', 'role', 'password'] as const;
const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_TITLES[role] }));

/** «Новый сотрудник»: login, name, role and a first password (checked for strength). */
export function CreateStaffForm() {
  const create = useCreateStaff();
  const [created, setCreated] = useState<string | null>(null);
  const form = useForm<CreateStaffRequest>({
    resolver: zodResolver(createStaffRequestSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setCreated(null);
    create.mutate(values, {
      onSuccess: ({ data }) => {
        setCreated(`${data.staff.name} (${data.staff.login}) создан. Сообщите пароль лично.`);
        form.reset(EMPTY);
      },
      onError: (error) => {
        const fields = fieldMessagesOf(error);
        for (const name of FIELDS) {
          const message = fields[name];
          if (message) form.setError(name, { message });
        }
      },
    });
  });

  const failure = create.error;
  const fieldErrorsShown = FIELDS.some((name) => name in fieldMessagesOf(failure));

  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate>
      <h2>Новый сотрудник</h2>
      <fieldset disabled={create.isPending}>
        <Field
          label="Логин"
          autoComplete="off"
          error={errors.login?.message}
          {...form.register('login')}
        />
        <Field
          label="Имя и фамилия"
          autoComplete="off"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <SelectField label="Роль" options={ROLE_OPTIONS} {...form.register('role')} />
        <Field
          label="Пароль"
          type="password"
          autoComplete="new-password"
          hint={`Не короче ${STAFF_PASSWORD_MIN_LENGTH} символов; при первом входе сотрудник подключит приложение-аутентификатор`}
          error={errors.password?.message}
          {...form.register('password')}
        />
        {create.isError && !fieldErrorsShown && <ErrorNotice error={create.error} />}
        {created && (
          <p className="notice notice--success" role="status">
            {created}
          </p>
        )}
        <Button type="submit" loading={create.isPending}>
          Создать
        </Button>
      </fieldset>
    </form>
  );
}
