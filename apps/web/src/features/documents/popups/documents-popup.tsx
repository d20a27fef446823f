import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { ClientDocument, DocumentGroup } from '@zaymo/contract';
import type { PopupContentProps } from '@/components/popup/types';
import { useReadySignal } from '@/components/popup/use-ready-signal';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useLoanDocuments } from '../api/documents';
import { DocumentList } from '../components/document-list';
import { byLoan, GROUP_ORDER, loanTitle } from '../lib/loans';
import '../documents.css';

const orderId = z.number().int().positive();
/** data.orderIds: [12, 15], 12, or «12,15». */
const orderIdsSchema = z.union([
  z.array(orderId).min(1),
  orderId.transform((id) => [id]),
  z
    .string()
    .regex(/^[1-9]\d*(,[1-9]\d*)*$/)
    .transform((ids) => ids.split(',').map(Number)),
]);

/** documents (data.orderIds): one loan's documents by group, each opening as a PDF. */
export function DocumentsPopup({ onReady, data, titleId }: PopupContentProps) {
  const { t } = useTranslation(['popups', 'documents']);
  const ids = orderIdsSchema.safeParse(data.orderIds);
  return (
    <div className="documents-popup">
      <h2 id={titleId} className="popup__title">
        {t('popups:titles.documents')}
      </h2>
      {ids.success ? (
        <LoanDocumentsBody orderIds={ids.data} onReady={onReady} />
      ) : (
        <NoLoan onReady={onReady} />
      )}
    </div>
  );
}

function LoanDocumentsBody({ orderIds, onReady }: { orderIds: number[]; onReady: () => void }) {
  const { t } = useTranslation('documents');
  const documents = useLoanDocuments(orderIds);
  const settled = !documents.isPending;
  useEffect(() => {
    if (settled) onReady();
  }, [settled, onReady]);
  if (documents.isPending) return null;
  if (documents.isError) {
    return (
      <Notice tone="error" role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void documents.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  }
  if (documents.data.length === 0) return <Notice as="p">{t('popup.empty')}</Notice>;
  return <LoanGroups documents={documents.data} />;
}

/** The loan's number, then its documents by group (the groups it has). */
function LoanGroups({ documents }: { documents: ClientDocument[] }) {
  const { t } = useTranslation('documents');
  const loans = byLoan(documents);
  const inGroup = (group: DocumentGroup) => documents.filter((item) => item.group === group);
  return (
    <>
      <p className="documents-popup__loan">{loans.map((loan) => loanTitle(loan, t)).join(', ')}</p>
      {GROUP_ORDER.filter((group) => inGroup(group).length > 0).map((group) => (
        <section key={group} className="document-group document-group--flat">
          <h3 className="document-group__title">{t(`groups.${group}`)}</h3>
          <DocumentList documents={inGroup(group)} />
        </section>
      ))}
    </>
  );
}

function NoLoan({ onReady }: { onReady: () => void }) {
  const { t } = useTranslation('documents');
  useReadySignal(onReady);
  return (
    <Notice as="p" tone="error" role="alert">
      {t('popup.noLoan')}
    </Notice>
  );
}
