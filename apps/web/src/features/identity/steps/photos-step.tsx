import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_KINDS } from '@zaymo/contract';
import { ScreenSpinner } from '@/components/ui/spinner';
import { useSaveStep } from '../api/identity';
import { useClientPhotos } from '../api/photos';
import { LoadFailed } from '../components/load-failed';
import { PhotoTiles } from '../components/photo-tiles';
import { StepForm } from '../components/step-form';
import { showErrorNotice } from '@/lib/error-notice';
import type { StepProps } from './types';

/** Step 5: the three photos; «Продолжить» once all of them are uploaded. */
export function PhotosStepForm({ onSaved, onBack }: Omit<StepProps<never>, 'saved'>) {
  const { t } = useTranslation('identity');
  const photos = useClientPhotos();
  const save = useSaveStep();
  if (photos.isPending) return <ScreenSpinner />;
  if (photos.isError) return <LoadFailed onRetry={() => void photos.refetch()} />;
  const complete = PHOTO_KINDS.every((kind) => photos.data[kind]);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      onSaved(5, await save.mutateAsync({ step: 5, body: {} }));
    } catch (error) {
      showErrorNotice(error);
    }
  };
  return (
    <StepForm
      onSubmit={(event) => void submit(event)}
      busy={save.isPending}
      onBack={onBack}
      canSubmit={complete}
    >
      <p className="identity-lead">{t('photos.lead')}</p>
      <PhotoTiles photos={photos.data} />
      {!complete && <p className="identity-note">{t('photos.needAll')}</p>}
    </StepForm>
  );
}
