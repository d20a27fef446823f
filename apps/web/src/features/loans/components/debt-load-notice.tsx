import { useTranslation } from 'react-i18next';
import type { Order } from '@zaymo/contract';
import type { LoanDocument } from '../api/documents';
import { DocumentLink } from './document-link';

type DebtLoadNoticeProps = {
  notice: NonNullable<Order['debt_load_notice']>;
  /** The notice's PDF from the contract's documents, once they are loaded. */
  document: LoanDocument | undefined;
  acknowledged: boolean;
  onAcknowledge: (acknowledged: boolean) => void;
};

/**
 * 353-FZ art. 5.1: a ПДН above 50 % is told to the borrower before the contract. The notice is
 * read here and in its PDF, acknowledged by a tick, and signed with the contract's SMS code.
 */
export function DebtLoadNotice({
  notice,
  document,
  acknowledged,
  onAcknowledge,
}: DebtLoadNoticeProps) {
  const { t } = useTranslation('loans');
  const percent = notice.percent.replace('.', ',');
  return (
    <section className="loan-notice loan-notice--info loan-debt-load" aria-labelledby="debt-load">
      <h2 className="loan-notice__title" id="debt-load">
        {t('debtLoad.title')}
      </h2>
      <p>{t('debtLoad.text', { percent })}</p>
      {document && <DocumentLink link={document.link} name={document.name} />}
      <label className="loan-debt-load__ack">
        <input
          type="checkbox"
          checked={acknowledged}
          onChange={(event) => onAcknowledge(event.target.checked)}
        />
        <span>{t('debtLoad.acknowledge')}</span>
      </label>
    </section>
  );
}
