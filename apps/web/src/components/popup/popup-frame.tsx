import {
  useCallback,
  useEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { POPUP_OUTSIDE_CLICK_DELAY_MS } from '@zaymo/contract';
import { cx } from '@/lib/class-names';
import { usePopupsStore, type PopupEntry } from '@/stores/popups';
import { CLOSE_ICON_SRC } from './close-icon';

type PopupFrameProps = { name: string; entry: PopupEntry; titleId: string; children: ReactNode };

/** The overlay, dialog box and close button around one popup body. */
export function PopupFrame({ name, entry, titleId, children }: PopupFrameProps) {
  const { t } = useTranslation(['common', 'popups']);
  const dialogRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => usePopupsStore.getState().closePopup(name), [name]);
  useOutsideCloseDelay(name, entry.isOpen);
  useFocusWhenOpen(dialogRef, entry.isOpen);
  const closable = !entry.data.noClose;

  const onOverlayClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (entry.isOpen && entry.canClose && closable) close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && entry.isOpen && closable) close();
  };

  return (
    <div
      className={cx('popup-overlay', entry.data.outerClass)}
      hidden={!entry.isOpen}
      onClick={onOverlayClick}
      onKeyDown={onKeyDown}
      data-testid={`popup-overlay-${name}`}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx(
          'popup',
          entry.small && 'popup--small',
          entry.big && 'popup--big',
          entry.class,
        )}
        data-testid={`popup-${name}`}
      >
        <button type="button" className="popup__close" onClick={close}>
          <img src={CLOSE_ICON_SRC} alt={t('popups:closeAlt')} width={24} height={24} />
        </button>
        {children}
      </div>
    </div>
  );
}

/** The click that opened a popup must not close it: outside clicks count after 333 ms. */
function useOutsideCloseDelay(name: string, isOpen: boolean): void {
  useEffect(() => {
    if (!isOpen) return undefined;
    const timer = setTimeout(
      () => usePopupsStore.getState().allowOutsideClose(name),
      POPUP_OUTSIDE_CLICK_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [name, isOpen]);
}

/** Focus goes into the dialog when it opens and back where it was when it closes. */
function useFocusWhenOpen(dialogRef: RefObject<HTMLDivElement | null>, isOpen: boolean): void {
  useEffect(() => {
    if (!isOpen) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    return () => previous?.focus();
  }, [dialogRef, isOpen]);
}
