import { Fragment } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;
const CODE_PATTERN = /(?<!\d)\d{6}(?!\d)/;

/** A message body as text with its links clickable (never as HTML: it is untrusted). */
export function MessageText({ body }: { body: string }) {
  const parts = body.split(URL_PATTERN);
  return (
    <p className="outbox-message__body">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} data-testid="outbox-link">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

/** The 6-digit code of an SMS, if it has one. */
export function codeOf(body: string): string | null {
  return CODE_PATTERN.exec(body)?.[0] ?? null;
}
