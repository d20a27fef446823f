import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ClientDocument } from '@zaymo/contract';
import { formatDateTime } from '@zaymo/web-kit';
import { openPdf } from '@/lib/open-pdf';

/** Documents as buttons that open the PDF, each with how and when it was signed. */
export function DocumentList({ documents }: { documents: readonly ClientDocument[] }) {
  return (
    <ul className="document-list">
      {documents.map((document) => (
        <li key={document.link}>
          <DocumentItem document={document} />
        </li>
      ))}
    </ul>
  );
}

function DocumentItem({ document }: { document: ClientDocument }) {
  const { t } = useTranslation('documents');
  const mark = signatureMark(document, t);
  const markId = `document-mark-${document.link.replace(/\W+/g, '-')}`;
  return (
    <div className="document-item">
      <button
        type="button"
        className="document-item__open"
        aria-describedby={mark ? markId : undefined}
        onClick={() => void openPdf(document.link, t('openFailed'))}
      >
        <span className="document-item__icon" aria-hidden="true">
          PDF
        </span>
        <span className="document-item__name">{document.name}</span>
      </button>
      {mark && (
        <p
          id={markId}
          className={`document-item__mark document-item__mark--${document.signature?.method ?? 'none'}`}
        >
          {mark}
        </p>
      )}
    </div>
  );
}

/** «Подписан АСП 21.11.2026 14:05», «Принят …»; a loan document not yet signed says so. */
function signatureMark(document: ClientDocument, t: TFunction<'documents'>): string | null {
  const { signature } = document;
  if (signature)
    return t(`signature.${signature.method}`, { date: formatDateTime(signature.signed_at) });
  return document.group === 'contracts_docs' || document.group === 'prolongation_docs'
    ? t('signature.none')
    : null;
}
