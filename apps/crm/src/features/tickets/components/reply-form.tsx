import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCEPTED_ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  MAX_TICKET_ATTACHMENTS,
  replyTicketFieldsSchema,
  TICKET_TEXT_MAX,
  type ReplyTicketFields,
} from '@zaymo/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, ErrorText } from '@/components/ui';
import { fieldMessagesOf, UploadProgress } from '@zaymo/web-kit';
import { errorText } from '@/lib/error-text';
import { useReply } from '../api/tickets';

const MEGABYTES = MAX_ATTACHMENT_BYTES / (1024 * 1024);
const HINT = `До ${MAX_TICKET_ATTACHMENTS} файлов: JPEG, PNG, WebP или PDF, каждый до ${MEGABYTES} МБ.`;

/** Why the server would refuse the file (it checks again), or null. */
function refusal(file: File): string | null {
  if (!(ACCEPTED_ATTACHMENT_TYPES as readonly string[]).includes(file.type))
    return `«${file.name}»: подходят только JPEG, PNG, WebP и PDF.`;
  if (file.size === 0) return `«${file.name}»: файл пустой.`;
  if (file.size > MAX_ATTACHMENT_BYTES) return `«${file.name}»: больше ${MEGABYTES} МБ.`;
  return null;
}

/** The operator's answer: text, files and the upload's progress; the server's refusal as it is. */
export function ReplyForm({ ticketId }: { ticketId: number }) {
  const reply = useReply(ticketId);
  const textId = useId();
  const filesId = useId();
  const form = useForm<ReplyTicketFields>({
    resolver: zodResolver(replyTicketFieldsSchema),
    defaultValues: { text: '' },
  });
  const textError = form.formState.errors.text?.message;
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);

  const choose = (chosen: File[]) => {
    const next = [...files];
    const found: string[] = [];
    for (const file of chosen) {
      const problem = refusal(file);
      if (problem) found.push(problem);
      else if (next.length < MAX_TICKET_ATTACHMENTS) next.push(file);
      else found.push(`Не больше ${MAX_TICKET_ATTACHMENTS} файлов; «${file.name}» не добавлен.`);
    }
    setFiles(next);
    setProblems(found);
  };

  const submit = form.handleSubmit(({ text }) => {
    setProgress(files.length > 0 ? 0 : null);
    reply.mutate(
      { text, files, onProgress: (percent) => files.length > 0 && setProgress(percent) },
      {
        onSuccess: () => {
          form.reset({ text: '' });
          setFiles([]);
          setProblems([]);
        },
        onError: (error) => {
          const message = fieldMessagesOf(error).text;
          if (message) form.setError('text', { message });
        },
        onSettled: () => setProgress(null),
      },
    );
  });

  return (
    <form
      className="reply-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Ответ клиенту"
    >
      <div className="field">
        <label htmlFor={textId}>Ответ</label>
        <textarea
          id={textId}
          rows={5}
          maxLength={TICKET_TEXT_MAX}
          aria-invalid={textError ? true : undefined}
          {...form.register('text')}
        />
        <ErrorText>{textError}</ErrorText>
      </div>
      <div className="field">
        <label htmlFor={filesId}>Файлы</label>
        <input
          id={filesId}
          type="file"
          multiple
          accept={ACCEPTED_ATTACHMENT_TYPES.join(',')}
          onChange={(event) => {
            choose(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <p className="field__hint">{HINT}</p>
      </div>
      {problems.map((problem) => (
        <ErrorText key={problem}>{problem}</ErrorText>
      ))}
      {files.length > 0 && (
        <ul className="plain-list" aria-label="Прикреплённые файлы">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              {file.name}{' '}
              <Button
                variant="link"
                aria-label={`Убрать «${file.name}»`}
                disabled={reply.isPending}
                onClick={() => setFiles(files.filter((_, other) => other !== index))}
              >
                Убрать
              </Button>
            </li>
          ))}
        </ul>
      )}
      {progress !== null && <UploadProgress percent={progress} label="Отправка файлов" />}
      <ErrorText>{reply.isError ? errorText(reply.error) : null}</ErrorText>
      <Button type="submit" loading={reply.isPending}>
        Отправить ответ
      </Button>
    </form>
  );
}
