import { useTranslation } from 'react-i18next';
import { openDocument } from '../lib/open-document';

/**
 * A document title that opens its PDF in a new tab. A button, not a plain link: the PDF needs
 * the client's token, so it is fetched and opened as a Blob URL.
 */
export function DocumentLink({ link, name }: { link: string; name: string }) {
  const { t } = useTranslation('loans');
  return (
    <button
      type="button"
      className="loan-doc-link"
      onClick={() => void openDocument(link, t('documents.openFailed'))}
    >
      <span className="loan-doc-link__icon" aria-hidden="true">
        PDF
      </span>
      <span>
        {name}
        <span className="visually-hidden"> {t('documents.opensInNewTab')}</span>
      </span>
    </button>
  );
}
