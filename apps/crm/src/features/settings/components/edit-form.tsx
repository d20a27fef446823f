import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useState } from 'react';
import {
  Controller,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { Button, ErrorNotice, Field } from '@/components/ui';
import { showFieldErrors } from './field-errors';
import { MoneyField } from './money-field';

type Form<Values extends FieldValues> = UseFormReturn<Values, unknown, FieldValues>;

/**
 * One item's edit form: react-hook-form with the contract's schema, the server's 400 under its
 * fields, its other failures as a notice, «Сохранено» after a save. `children` draws the fields.
 */
export function EditForm<Schema extends z.ZodType<FieldValues, FieldValues>>({
  title,
  schema,
  values,
  save,
  saving,
  failure,
  children,
}: {
  title: string;
  schema: Schema;
  values: z.input<Schema>;
  save: (
    values: z.output<Schema>,
    done: { onSuccess: () => void; onError: (e: unknown) => void },
  ) => void;
  saving: boolean;
  failure: unknown;
  children: (form: Form<z.input<Schema>>) => ReactNode;
}) {
  const [saved, setSaved] = useState(false);
  const [fieldsShown, setFieldsShown] = useState(false);
  const form = useForm<z.input<Schema>, unknown, FieldValues>({
    // The generic schema hides its input and output types from zodResolver's overloads.
    resolver: zodResolver(schema as never) as unknown as Resolver<
      z.input<Schema>,
      unknown,
      FieldValues
    >,
    defaultValues: values as DefaultValues<z.input<Schema>>,
  });
  const submit = form.handleSubmit((parsed) => {
    setSaved(false);
    save(parsed as z.output<Schema>, {
      onSuccess: () => setSaved(true),
      onError: (error) =>
        setFieldsShown(
          showFieldErrors(error, form, Object.keys(values) as Path<z.input<Schema>>[]),
        ),
    });
  });
  return (
    <form className="settings-form" onSubmit={(event) => void submit(event)} noValidate>
      <h2>{title}</h2>
      <fieldset disabled={saving}>
        {children(form)}
        {failure !== null && !fieldsShown && <ErrorNotice error={failure} />}
        {saved && (
          <p className="notice notice--success" role="status">
            Сохранено
          </p>
        )}
        <Button type="submit" loading={saving}>
          Сохранить
        </Button>
      </fieldset>
    </form>
  );
}

/** A labelled text input of the form, its error under it. */
export function TextInput<Values extends FieldValues>({
  form,
  name,
  label,
  hint,
  number = false,
}: {
  form: Form<Values>;
  name: Path<Values>;
  label: string;
  hint?: string;
  number?: boolean;
}) {
  const error = form.formState.errors[name]?.message;
  return (
    <Field
      label={label}
      autoComplete="off"
      {...(number ? { inputMode: 'numeric' as const } : {})}
      {...(hint ? { hint } : {})}
      error={typeof error === 'string' ? error : undefined}
      {...form.register(name, number ? { setValueAs: toNumber } : {})}
    />
  );
}

/** «12» → 12; anything else stays text, so the schema answers «Укажите …». */
function toNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
}

/** Roubles with kopecks (MoneyField) bound to the form. */
export function MoneyInput<Values extends FieldValues>({
  form,
  name,
  label,
}: {
  form: Form<Values>;
  name: Path<Values>;
  label: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <MoneyField
          label={label}
          value={String(field.value ?? '')}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** «Действует» / «Показывать»: a checkbox with its label. */
export function CheckboxInput<Values extends FieldValues>({
  form,
  name,
  label,
}: {
  form: Form<Values>;
  name: Path<Values>;
  label: string;
}) {
  return (
    <div className="field field--checkbox">
      <label>
        <input type="checkbox" {...form.register(name)} /> {label}
      </label>
    </div>
  );
}
