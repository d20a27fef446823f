/**
 * jsdom has no matchMedia. This one answers `(min-width: Npx)` / `(max-width: Npx)` from a
 * settable viewport width and notifies listeners when a test changes it.
 */
type Listener = (event: MediaQueryListEvent) => void;

let viewportWidth = 1440;
const lists = new Set<{ query: string; listeners: Set<Listener> }>();

function evaluate(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  if (min && viewportWidth < Number(min[1])) return false;
  if (max && viewportWidth > Number(max[1])) return false;
  return Boolean(min || max);
}

export function setViewportWidth(width: number): void {
  viewportWidth = width;
  for (const { query, listeners } of lists) {
    const event = { matches: evaluate(query), media: query } as MediaQueryListEvent;
    listeners.forEach((listener) => listener(event));
  }
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => {
    const listeners = new Set<Listener>();
    const entry = { query, listeners };
    lists.add(entry);
    return {
      media: query,
      get matches() {
        return evaluate(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
}

/**
 * What a test of a masked field needs: inputmask reads matchMedia when it loads, and a lazy load
 * still running when a file's last test ends would evaluate it after jsdom is gone («navigator
 * is not defined»). Loaded here, the lazy import only picks up the loaded module.
 */
export async function prepareMaskedFields(): Promise<void> {
  installMatchMedia();
  await import('inputmask');
}
