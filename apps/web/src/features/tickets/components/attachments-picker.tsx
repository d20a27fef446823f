import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TICKET_ATTACHMENTS } from '@zaymo/contract';
import {
  addAttachments,
  ATTACHMENT_ACCEPT,
  MAX_ATTACHMENT_MEGABYTES,
  type AttachmentProblem,
} from '../lib/attachment-files';
import { formatSize } from '../lib/format';

type Props = {
  files: readonly File[];
  onChange: (files: File[]) => void;
};

/**
 * «Прикрепить файлы»: a real file input behind its label (keyboard and screen readers reach
 * it), the chosen files with a remove button each, and the reason for every refused file.
 */
export function AttachmentsPicker({ files, onChange }: Props) {
  const { t } = useTranslation('tickets');
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [problems, setProblems] = useState<AttachmentProblem[]>([]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // The same file chosen again after removing it must count as a new choice.
    event.target.value = '';
    const added = addAttachments(files, chosen);
    setProblems(added.problems);
    onChange(added.files);
  };
  const remove = (index: number) => {
    setProblems([]);
    onChange(files.filter((_, position) => position !== index));
  };

  return (
    <div className="ticket-attachments">
      <input
        id={inputId}
        className="visually-hidden ticket-attachments__input"
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        aria-describedby={hintId}
        onChange={choose}
      />
      <label htmlFor={inputId} className="ticket-attachments__add">
        {t('attachments.add')}
      </label>
      <p id={hintId} className="ticket-attachments__hint">
        {t('attachments.hint', { max: MAX_TICKET_ATTACHMENTS, size: MAX_ATTACHMENT_MEGABYTES })}
      </p>
      {problems.length > 0 && <ProblemList problems={problems} />}
      {files.length > 0 && (
        <ul className="ticket-attachments__list" aria-label={t('attachments.chosen')}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="ticket-attachments__item">
              <span className="ticket-attachments__name">{file.name}</span>
              <span className="ticket-attachments__size">{formatSize(file.size)}</span>
              <button
                type="button"
                className="ticket-attachments__remove"
                aria-label={t('attachments.remove', { name: file.name })}
                onClick={() => remove(index)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ProblemList({ problems }: { problems: readonly AttachmentProblem[] }) {
  const { t } = useTranslation('tickets');
  const text = (problem: AttachmentProblem) =>
    problem.kind === 'tooMany'
      ? t('attachments.tooMany', { max: MAX_TICKET_ATTACHMENTS })
      : t(`attachments.${problem.kind}`, { name: problem.name, size: MAX_ATTACHMENT_MEGABYTES });
  return (
    <div role="alert">
      <ul className="ticket-attachments__problems">
        {problems.map((problem, index) => (
          <li key={index}>{text(problem)}</li>
        ))}
      </ul>
    </div>
  );
}
