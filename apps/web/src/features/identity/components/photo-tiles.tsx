import { useTranslation } from 'react-i18next';
import { PHOTO_KINDS, type PhotoKind } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import { openPopup } from '@/stores/popups';
import type { PhotosByKind } from '../api/photos';

type PhotoTilesProps = { photos: PhotosByKind; disabled?: boolean };

/** The three document photos, each with its preview and a button that opens the upload popup. */
export function PhotoTiles({ photos, disabled = false }: PhotoTilesProps) {
  return (
    <ul className="photo-tiles">
      {PHOTO_KINDS.map((kind) => (
        <PhotoTile key={kind} kind={kind} preview={photos[kind]?.data_url} disabled={disabled} />
      ))}
    </ul>
  );
}

type PhotoTileProps = { kind: PhotoKind; preview: string | undefined; disabled: boolean };

function PhotoTile({ kind, preview, disabled }: PhotoTileProps) {
  const { t } = useTranslation('identity');
  const title = t(`photos.kinds.${kind}`);
  const headingId = `photo-tile-${kind}`;
  return (
    <li className="photo-tile" aria-labelledby={headingId} data-testid={`photo-tile-${kind}`}>
      <div className="photo-tile__preview">
        {preview ? (
          <img src={preview} alt={title} />
        ) : (
          <span className="photo-tile__empty">{t('photos.missing')}</span>
        )}
      </div>
      <div className="photo-tile__body">
        <h3 id={headingId} className="photo-tile__title">
          {title}
        </h3>
        <p className={preview ? 'photo-tile__status photo-tile__status--ok' : 'photo-tile__status'}>
          {preview ? `✓ ${t('photos.uploaded')}` : t('photos.missing')}
        </p>
        <Button
          variant={preview ? 'secondary' : 'primary'}
          onClick={() => openPopup('loadPhoto', { kind })}
          disabled={disabled}
          aria-describedby={headingId}
        >
          {preview ? t('photos.replace') : t('photos.upload')}
        </Button>
      </div>
    </li>
  );
}
