import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '@zaymo/web-kit';
import { Link, useNavigate } from 'react-router';
import {
  createTicketFieldsSchema,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_TITLES,
  TICKET_SUBJECT_MAX,
  TICKET_TEXT_MAX,
} from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ROUTES } from '@/config/paths';
import { notify } from '@/stores/notifications';
import { useCreateTicket } from '../api/tickets';
import { showServerErrors } from '@/lib/server-errors';
import { AttachmentsPicker } from './attachments-picker';
import '@/styles/upload-progress.css';

/** Category, subject, text and up to five files; sent with a progress bar, then the list. */
export function NewTicketForm() {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(createTicketFieldsSchema),
    defaultValues: { subject: '', text: '' },
  });
  const create = useCreateTicket();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (fields) => {
    setProgress(0);
    try {
      const ticket = await create.mutateAsync({ ...fields, files, onProgress: setProgress });
      notify({ message: t('form.created', { id: ticket.id }), type: 'success' });
      await navigate(ROUTES.tickets.path);
    } catch (error) {
      showServerErrors(error, form.setError, ['category', 'subject', 'text']);
    }
  });

  return (
    <form className="ticket-form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="ticket-form__fieldset" disabled={isSubmitting}>
        <p className="ticket-form__lead">{t('form.lead')}</p>
        <Field label={t('form.category')} error={errors.category?.message}>
          {(control) => (
            <select
              className="ui-input"
              {...control}
              {...form.register('category')}
              defaultValue=""
            >
              <option value="" disabled>
                {t('form.categoryPlaceholder')}
              </option>
              {TICKET_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {TICKET_CATEGORY_TITLES[category]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('form.subject')}
          hint={t('form.subjectHint')}
          error={errors.subject?.message}
        >
          {(control) => (
            <Input {...control} {...form.register('subject')} maxLength={TICKET_SUBJECT_MAX} />
          )}
        </Field>
        <Field label={t('form.text')} error={errors.text?.message}>
          {(control) => (
            <textarea
              className="ui-input ticket-textarea"
              rows={6}
              maxLength={TICKET_TEXT_MAX}
              {...control}
              {...form.register('text')}
            />
          )}
        </Field>
        <AttachmentsPicker files={files} onChange={setFiles} />
        {isSubmitting && <UploadProgress percent={progress} label={t('attachments.sending')} />}
        <div className="ticket-form__actions">
          <Button type="submit" loading={isSubmitting}>
            {t('form.submit')}
          </Button>
          <Link className="ticket-form__cancel" to={ROUTES.tickets.path}>
            {t('form.cancel')}
          </Link>
        </div>
      </fieldset>
    </form>
  );
}
