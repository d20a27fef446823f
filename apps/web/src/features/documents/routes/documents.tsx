import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { useClientDocs } from '../api/documents';
import { DocumentGroups } from '../components/document-groups';
import '../documents.css';

/** /documents: every document of the client by group and by loan, each opening as a PDF. */
export function DocumentsScreen() {
  const { t } = useTranslation(['routes', 'documents']);
  return (
    <div className="documents-screen">
      <PageTitle>{t('routes:documents')}</PageTitle>
      <p className="documents-screen__lead">{t('documents:lead')}</p>
      <DocumentsBody />
    </div>
  );
}

function DocumentsBody() {
  const { t } = useTranslation('documents');
  const docs = useClientDocs();
  if (docs.isPending) {
    return (
      <p role="status" className="documents-notice">
        {t('loading')}
      </p>
    );
  }
  if (docs.isError) {
    return (
      <div className="documents-notice documents-notice--error" role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void docs.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return <DocumentGroups groups={docs.data} />;
}
