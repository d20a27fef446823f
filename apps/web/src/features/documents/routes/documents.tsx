import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
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
      <Notice as="p" role="status">
        {t('loading')}
      </Notice>
    );
  }
  if (docs.isError) {
    return (
      <Notice tone="error" role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void docs.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  }
  return <DocumentGroups groups={docs.data} />;
}
