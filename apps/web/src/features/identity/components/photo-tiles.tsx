import { useTranslation } from 'react-i18next';
import { PHOTO_KINDS, type PhotoKind } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import { openPopup } from '@/stores/popups';
import type { PhotosByKind } from '../api/photos';

type PhotoTilesProps = {
  photos: PhotosByKind;
  disabled?: boolean;
  /** The passport data is read-only (an order exists): its photos are locked with it. */
  passportLocked?: boolean;
  /** h2 right under a page title, h3 inside a section. */
  headingLevel?: 2 | 3;
};

const PASSPORT_PHOTOS: readonly PhotoKind[] = ['passport_main', 'passport_registration'];

/** The three document photos, each with its preview and a button that opens the upload popup. */
export function PhotoTiles(props: PhotoTilesProps) {
  const { photos, disabled = false, passportLocked = false, headingLevel = 3 } = props;
  return (
    <ul className="photo-tiles">
      {PHOTO_KINDS.map((kind) => (
        <PhotoTile
          key={kind}
          kind={kind}
          preview={photos[kind]?.data_url}
          disabled={disabled}
          locked={passportLocked && PASSPORT_PHOTOS.includes(kind)}
          headingLevel={headingLevel}
        />
      ))}
    </ul>
  );
}

type PhotoTileProps = {
  kind: PhotoKind;
  preview: string | undefined;
  disabled: boolean;
  locked: boolean;
  headingLevel: 2 | 3;
};

function PhotoTile({ kind, preview, disabled, locked, headingLevel }: PhotoTileProps) {
  const { t } = useTranslation('identity');
  const title = t(`photos.kinds.${kind}`);
  const headingId = `photo-tile-${kind}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
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
        <Heading id={headingId} className="photo-tile__title">
          {title}
        </Heading>
        <p className={preview ? 'photo-tile__status photo-tile__status--ok' : 'photo-tile__status'}>
          {preview ? `✓ ${t('photos.uploaded')}` : t('photos.missing')}
        </p>
        {locked ? (
          <p className="photo-tile__locked">{t('photos.locked')}</p>
        ) : (
          <Button
            variant={preview ? 'secondary' : 'primary'}
            onClick={() => openPopup('loadPhoto', { kind })}
            disabled={disabled}
            aria-describedby={headingId}
          >
            {preview ? t('photos.replace') : t('photos.upload')}
          </Button>
        )}
      </div>
    </li>
  );
}
