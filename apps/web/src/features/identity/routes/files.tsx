import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { ScreenSpinner } from '@/components/ui/spinner';
import { useClientProfile } from '../api/identity';
import { useClientPhotos } from '../api/photos';
import { LoadFailed } from '../components/load-failed';
import { PhotoTiles } from '../components/photo-tiles';
import '../identity.css';

/** /files: the client's document photos with previews; each can be uploaded or replaced. */
export function FilesScreen() {
  const { t } = useTranslation(['routes', 'identity']);
  const photos = useClientPhotos();
  const profile = useClientProfile();
  return (
    <Card className="identity-page">
      <PageTitle>{t('routes:files')}</PageTitle>
      <p className="identity-lead">{t('identity:files.lead')}</p>
      {photos.isPending && <ScreenSpinner />}
      {photos.isError && <LoadFailed onRetry={() => void photos.refetch()} />}
      {photos.isSuccess && (
        <PhotoTiles
          photos={photos.data}
          headingLevel={2}
          passportLocked={profile.data?.passport_locked === true}
          disabled={profile.isPending}
        />
      )}
    </Card>
  );
}
