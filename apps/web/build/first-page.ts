import type { Plugin } from 'vite';

/** What a chunk of the bundle tells about itself (the part of Rollup's OutputChunk used here). */
export type BundleChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
};
export type BundleItem = BundleChunk | { type: 'asset'; fileName: string };

/**
 * What must never be in the first page (`/` and `/signin`: the entry and the chunks it
 * imports statically, which index.html and the prerendered pages ask for). The forms' validation
 * loads with the forms, lazily.
 */
export const KEPT_OUT_OF_FIRST_PAGE = [
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
  { name: '@hookform/resolvers', test: /[\\/]node_modules[\\/]@hookform[\\/]/ },
  { name: 'react-hook-form', test: /[\\/]node_modules[\\/]react-hook-form[\\/]/ },
];

/**
 * The screens of the prerendered pages: their chunks load before the app mounts over the page,
 * so what they import statically is evaluated before the page answers a tap. Their forms may
 * hold react-hook-form, but validate with a lazy resolver (src/lib/lazy-resolver.ts): zod would
 * be ~40 KB to compile and run first.
 */
export const PRERENDERED_SCREENS = [
  /[\\/]features[\\/]loans[\\/]routes[\\/]home\.tsx$/,
  /[\\/]features[\\/]accounts[\\/]routes[\\/]signin\.tsx$/,
];
const KEPT_OUT_OF_PRERENDERED_SCREENS = KEPT_OUT_OF_FIRST_PAGE.filter(
  ({ name }) => name !== 'react-hook-form',
);

/** The given chunks and everything they import statically. */
function staticGraph(bundle: Record<string, BundleItem>, roots: BundleChunk[]): BundleChunk[] {
  const found = new Map<string, BundleChunk>();
  const visit = (chunk: BundleChunk): void => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  roots.forEach(visit);
  return [...found.values()];
}

function chunksOf(bundle: Record<string, BundleItem>): BundleChunk[] {
  return Object.values(bundle).filter((item): item is BundleChunk => item.type === 'chunk');
}

/** The chunks of the HTML entry and everything they import statically. */
export function firstPageChunks(bundle: Record<string, BundleItem>): BundleChunk[] {
  const entries = chunksOf(bundle).filter(
    (chunk) => chunk.isEntry && /\.html$/.test(chunk.facadeModuleId ?? ''),
  );
  if (entries.length === 0) throw new Error('В сборке нет точки входа index.html');
  return staticGraph(bundle, entries);
}

/** The chunks of the given screens' modules and everything they import statically. */
export function screenChunks(
  bundle: Record<string, BundleItem>,
  screens: readonly RegExp[],
): BundleChunk[] {
  const found = chunksOf(bundle).filter((chunk) =>
    screens.some((screen) => screen.test(chunk.facadeModuleId ?? '')),
  );
  if (found.length !== screens.length) {
    throw new Error(`В сборке нет отдельного фрагмента каждого экрана из ${screens.join(', ')}`);
  }
  return staticGraph(bundle, found);
}

type Unwanted = (typeof KEPT_OUT_OF_FIRST_PAGE)[number];

function intrudersIn(chunks: BundleChunk[], unwanted: Unwanted[]): string[] {
  return chunks.flatMap((chunk) =>
    unwanted.flatMap(({ name, test }) => {
      const hit = chunk.moduleIds.find((id) => test.test(id));
      return hit ? [`${chunk.fileName}: ${name} (${hit})`] : [];
    }),
  );
}

/**
 * «file: package (module)» for every module of the first page that must not be there, and of the
 * prerendered `screens` (PRERENDERED_SCREENS in the app's build).
 */
export function firstPageIntruders(
  bundle: Record<string, BundleItem>,
  screens: readonly RegExp[] = [],
): string[] {
  return [
    ...intrudersIn(firstPageChunks(bundle), KEPT_OUT_OF_FIRST_PAGE),
    ...intrudersIn(screenChunks(bundle, screens), KEPT_OUT_OF_PRERENDERED_SCREENS),
  ];
}

/**
 * Fails the production build when the first page carries what KEPT_OUT_OF_FIRST_PAGE names, or a
 * prerendered screen of `screens` what KEPT_OUT_OF_PRERENDERED_SCREENS names.
 */
export function firstPageGuard(screens: readonly RegExp[] = []): Plugin {
  return {
    name: 'zaymo-first-page-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const intruders = firstPageIntruders(
        bundle as unknown as Record<string, BundleItem>,
        screens,
      );
      if (intruders.length > 0) {
        this.error(`Первая страница тянет лишнее:\n${intruders.join('\n')}`);
      }
    },
  };
}
