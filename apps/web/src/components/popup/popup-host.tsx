import { Suspense, useCallback, useEffect } from 'react';
import { usePopupsStore, type PopupEntry } from '@/stores/popups';
import { PopupFrame } from './popup-frame';
import type { PopupRegistry } from './types';
import './popup.css';

/** Renders every popup of the store with its body from the registry (spec §2). */
export function PopupHost({ registry }: { registry: PopupRegistry }) {
  const popups = usePopupsStore((state) => state.popups);
  const entries = Object.entries(popups);
  useBodyScrollLock(entries.some(([, entry]) => entry.isOpen));
  return entries.map(([name, entry]) => (
    <PopupSlot key={name} name={name} entry={entry} registry={registry} />
  ));
}

type PopupSlotProps = { name: string; entry: PopupEntry; registry: PopupRegistry };

function PopupSlot({ name, entry, registry }: PopupSlotProps) {
  const Body = Object.hasOwn(registry, entry.component) ? registry[entry.component] : undefined;
  const onReady = useCallback(() => usePopupsStore.getState().markPopupReady(name), [name]);
  const onClose = useCallback(() => usePopupsStore.getState().closePopup(name), [name]);
  if (!Body) return <UnknownPopup name={name} />;
  const titleId = `popup-title-${name}`;
  return (
    <PopupFrame name={name} entry={entry} titleId={titleId}>
      <Suspense fallback={null}>
        <Body onReady={onReady} onClose={onClose} data={entry.data} titleId={titleId} />
      </Suspense>
    </PopupFrame>
  );
}

function UnknownPopup({ name }: { name: string }) {
  useEffect(() => {
    console.warn(`Неизвестный попап «${name}»: он закрыт.`);
    usePopupsStore.getState().closePopup(name);
  }, [name]);
  return null;
}

function useBodyScrollLock(locked: boolean): void {
  useEffect(() => {
    document.body.classList.toggle('has-open-popup', locked);
    return () => document.body.classList.remove('has-open-popup');
  }, [locked]);
}
