import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { photoKindSchema, type PhotoKind } from '@zaymo/contract';
import { UploadProgress } from '@zaymo/web-kit';
import { useReadySignal } from '@/components/popup/use-ready-signal';
import type { PopupContentProps } from '@/components/popup/types';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/error-notice';
import { useUploadPhoto } from '../api/photos';
import { checkPhotoFile, MAX_UPLOAD_MEGABYTES, type PhotoFileProblem } from '../lib/photo-file';
import '../identity.css';
import '@/styles/upload-progress.css';

/**
 * loadPhoto (data.kind): take or choose a photo, check it here (type, 10 MB), look at it, then
 * upload it with a progress bar. «Переснять» picks another; the server's refusal is shown.
 */
export function LoadPhotoPopup({ onReady, onClose, data, titleId }: PopupContentProps) {
  const { t } = useTranslation(['popups', 'identity']);
  useReadySignal(onReady);
  const kind = photoKindSchema.safeParse(data.kind);
  return (
    <div className="load-photo">
      <h2 id={titleId} className="popup__title">
        {kind.success ? t(`identity:photos.kinds.${kind.data}`) : t('popups:titles.loadPhoto')}
      </h2>
      {kind.success ? (
        <PhotoPicker kind={kind.data} onDone={onClose} />
      ) : (
        <p className="load-photo__error" role="alert">
          {t('identity:upload.unknownKind')}
        </p>
      )}
    </div>
  );
}

function PhotoPicker({ kind, onDone }: { kind: PhotoKind; onDone: () => void }) {
  const { t } = useTranslation('identity');
  const cameraInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<PhotoFileProblem | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadPhoto();
  const preview = useObjectUrl(file);

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    upload.reset();
    setProgress(0);
    const found = checkPhotoFile(chosen);
    setProblem(found);
    setFile(found ? null : chosen);
  };
  const pickFrom = (event: ChangeEvent<HTMLInputElement>) => {
    pick(event.target.files?.[0]);
    // The same file chosen again after «Переснять» must count as a new choice.
    event.target.value = '';
  };
  const send = () => {
    if (!file) return;
    upload.mutate(
      { kind, file, onProgress: setProgress },
      // The tile behind the popup shows the new photo at once: no toast is needed.
      { onSuccess: onDone },
    );
  };
  const serverError = upload.isError ? errorMessageOf(upload.error) || t('load.failed') : null;
  const busy = upload.isPending;

  return (
    <div className="load-photo__body">
      <p className="load-photo__lead">{t('upload.lead', { size: MAX_UPLOAD_MEGABYTES })}</p>
      <input
        ref={cameraInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        capture="environment"
        hidden
        data-testid="photo-camera-input"
        onChange={pickFrom}
      />
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        data-testid="photo-file-input"
        onChange={pickFrom}
      />
      {preview && (
        <img
          className="load-photo__preview"
          src={preview}
          alt={t('upload.preview', { kind: t(`photos.kinds.${kind}`) })}
        />
      )}
      {problem && (
        <p className="load-photo__error" role="alert">
          {problem === 'tooBig'
            ? t('upload.tooBig', { size: MAX_UPLOAD_MEGABYTES })
            : t('upload.wrongType')}
        </p>
      )}
      {(busy || upload.isSuccess) && (
        <UploadProgress percent={progress} label={t('upload.sending')} />
      )}
      {serverError && (
        <p className="load-photo__error" role="alert">
          {serverError}
        </p>
      )}
      <div className="load-photo__actions">
        {file ? (
          <>
            <Button
              variant="secondary"
              onClick={() => cameraInput.current?.click()}
              disabled={busy}
            >
              {t('upload.retake')}
            </Button>
            <Button onClick={send} loading={busy}>
              {t('upload.send')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => cameraInput.current?.click()}>{t('upload.take')}</Button>
            <Button variant="secondary" onClick={() => fileInput.current?.click()}>
              {t('upload.choose')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

/** A blob: URL for the chosen file while it is shown, released afterwards. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
