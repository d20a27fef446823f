import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { minifiedStarter, START_AFTER_PAINT } from './prerender';

/**
 * public/start-after-paint.js: the prerendered page's held module preloads and entry
 * come alive after the first paint, one a task on a visible page, all at once on a hidden one.
 */
const SOURCE = readFileSync(path.join(import.meta.dirname, '../public', START_AFTER_PAINT), 'utf8');
const BUILT = await minifiedStarter(SOURCE);

const HELD = `
  <link rel="x-after-paint" href="/assets/react.js">
  <link rel="x-after-paint" href="/assets/vendor.js">
  <script type="text/x-after-paint" src="/assets/index.js"></script>`;

function runScript(source: string, visibility: 'visible' | 'hidden') {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
  // A browser that reports no paints: the script starts at once.
  const observerWithoutPaints = { supportedEntryTypes: [] };
  new Function('window', 'document', 'PerformanceObserver', 'setTimeout', source)(
    window,
    document,
    observerWithoutPaints,
    setTimeout,
  );
}

function liveAddresses(): string[] {
  return Array.from(
    document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]'),
    (element) => element.getAttribute('href') ?? element.getAttribute('src') ?? '',
  );
}

describe.each([
  ['as written', SOURCE],
  ['as built', BUILT],
])('start-after-paint %s', (_version, source) => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = HELD;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.head.innerHTML = '';
  });

  it('on a visible page starts one element a task, the preloads first and the entry last', () => {
    runScript(source, 'visible');
    expect(liveAddresses()).toEqual(['/assets/react.js']);
    vi.advanceTimersToNextTimer();
    expect(liveAddresses()).toEqual(['/assets/react.js', '/assets/vendor.js']);
    vi.advanceTimersToNextTimer();
    expect(liveAddresses()).toEqual(['/assets/react.js', '/assets/vendor.js', '/assets/index.js']);
    expect(vi.getTimerCount()).toBeLessThanOrEqual(1);
  });

  it('on a hidden page starts them all at once: its timers may wait a second each', () => {
    runScript(source, 'hidden');
    expect(liveAddresses()).toEqual(['/assets/react.js', '/assets/vendor.js', '/assets/index.js']);
  });
});
