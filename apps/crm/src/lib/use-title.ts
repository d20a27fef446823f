import { useEffect } from 'react';
import { BRAND } from '@/config/paths';

/** The document's title: the screen's, then the console's. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — консоль ${BRAND}`;
  }, [title]);
}
