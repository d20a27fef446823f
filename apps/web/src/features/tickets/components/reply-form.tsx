import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '@zaymo/web-kit';
import { replyTicketFieldsSchema, TICKET_TEXT_MAX } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useReplyToTicket } from '../api/tickets';
import { showServerErrors } from '@/lib/server-errors';
import { AttachmentsPicker } from './attachments-picker';
import '@/styles/upload-progress.css';

/** The client's answer in a ticket: text and up to five files, sent with a progress bar. */
export function ReplyForm({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('tickets');
  const form = useForm({
    resolver: zodResolver(replyTicketFieldsSchema),
    defaultValues: { text: '' },
  });
  const reply = useReplyToTicket(ticketId);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const [sent, setSent] = useState(false);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ text }) => {
    setProgress(0);
    setSent(false);
    try {
      await reply.mutateAsync({ text, files, onProgress: setProgress });
      form.reset({ text: '' });
      setFiles([]);
      setSent(true);
    } catch (error) {
      showServerErrors(error, form.setError, ['text']);
    }
  });

  return (
    <form className="ticket-reply" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="ticket-form__fieldset" disabled={isSubmitting}>
        <Field label={t('ticket.reply')} error={errors.text?.message}>
          {(control) => (
            <textarea
              className="ui-input ticket-textarea"
              rows={3}
              maxLength={TICKET_TEXT_MAX}
              {...control}
              {...form.register('text', { onChange: () => setSent(false) })}
            />
          )}
        </Field>
        <AttachmentsPicker files={files} onChange={setFiles} />
        {isSubmitting && <UploadProgress percent={progress} label={t('attachments.sending')} />}
        <p className="ticket-reply__status" role="status">
          {sent ? t('ticket.sent') : ''}
        </p>
        <Button type="submit" loading={isSubmitting}>
          {t('ticket.send')}
        </Button>
      </fieldset>
    </form>
  );
}
