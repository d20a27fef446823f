import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientDocument, DocumentGroup } from '@zaymo/contract';
import { byLoan, GROUP_ORDER, loanTitle } from '../lib/loans';
import { DocumentList } from './document-list';

type Groups = Record<DocumentGroup, ClientDocument[]>;

/** The four groups of spec §9, loan documents by loan (order or contract number). */
export function DocumentGroups({ groups, level = 2 }: { groups: Groups; level?: 2 | 3 }) {
  return GROUP_ORDER.map((group) => (
    <GroupSection key={group} group={group} documents={groups[group]} level={level} />
  ));
}

type GroupProps = { group: DocumentGroup; documents: ClientDocument[]; level: 2 | 3 };

function GroupSection({ group, documents, level }: GroupProps) {
  const { t } = useTranslation('documents');
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="document-group" aria-labelledby={headingId}>
      <Heading id={headingId} className="document-group__title">
        {t(`groups.${group}`)}
      </Heading>
      {documents.length === 0 ? (
        <p className="document-group__empty">{t(`empty.${group}`)}</p>
      ) : group === 'register_docs' ? (
        <DocumentList documents={documents} />
      ) : (
        <LoanBlocks documents={documents} level={level} />
      )}
    </section>
  );
}

function LoanBlocks({ documents, level }: { documents: ClientDocument[]; level: 2 | 3 }) {
  const { t } = useTranslation('documents');
  const Heading = level === 2 ? 'h3' : 'h4';
  return byLoan(documents).map((loan) => (
    <div key={loan.orderId} className="document-loan">
      <Heading className="document-loan__title">{loanTitle(loan, t)}</Heading>
      <DocumentList documents={loan.documents} />
    </div>
  ));
}
