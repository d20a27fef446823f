import { useTranslation } from 'react-i18next';
import type { LoanDocument } from '../api/documents';
import { DocumentLink } from './document-link';

type ContractDocumentsProps = {
  documents: LoanDocument[];
  unchecked: ReadonlySet<string>;
  onToggle: (link: string, checked: boolean) => void;
};

/** The contract's documents, marked checked (spec §3); each opens as a PDF. */
export function ContractDocuments({ documents, unchecked, onToggle }: ContractDocumentsProps) {
  const { t } = useTranslation('loans');
  return (
    <fieldset className="loan-contract-docs">
      <legend className="loan-calc__legend">{t('confirm.documents')}</legend>
      <ul className="loan-docs">
        {documents.map((document) => (
          <li key={document.link} className="loan-docs__item">
            <input
              type="checkbox"
              className="loan-docs__check"
              aria-label={document.name}
              checked={!unchecked.has(document.link)}
              onChange={(event) => onToggle(document.link, event.target.checked)}
            />
            <DocumentLink link={document.link} name={document.name} />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
