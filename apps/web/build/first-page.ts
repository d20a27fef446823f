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
 * Issue 14: what must never be in the first page (`/` and `/signin`: the entry and the chunks it
 * imports statically, which index.html and the prerendered pages ask for). The forms' validation
 * loads with the forms, lazily.
 */
export const KEPT_OUT_OF_FIRST_PAGE = [
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
  { name: '@hookform/resolvers', test: /[\\/]node_modules[\\/]@hookform[\\/]/ },
  { name: 'react-hook-form', test: /[\\/]node_modules[\\/]react-hook-form[\\/]/ },
];

/** The chunks of the HTML entry and everything they import statically. */
export function firstPageChunks(bundle: Record<string, BundleItem>): BundleChunk[] {
  const chunks = Object.values(bundle).filter((item): item is BundleChunk => item.type === 'chunk');
  const entries = chunks.filter(
    (chunk) => chunk.isEntry && /\.html$/.test(chunk.facadeModuleId ?? ''),
  );
  if (entries.length === 0) throw new Error('В сборке нет точки входа index.html');
  const found = new Map<string, BundleChunk>();
  const visit = (chunk: BundleChunk): void => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  entries.forEach(visit);
  return [...found.values()];
}

/** «file: package (module)» for every module of the first page that must not be there. */
export function firstPageIntruders(bundle: Record<string, BundleItem>): string[] {
  return firstPageChunks(bundle).flatMap((chunk) =>
    KEPT_OUT_OF_FIRST_PAGE.flatMap(({ name, test }) => {
      const hit = chunk.moduleIds.find((id) => test.test(id));
      return hit ? [`${chunk.fileName}: ${name} (${hit})`] : [];
    }),
  );
}

/** Fails the production build when the first page carries what KEPT_OUT_OF_FIRST_PAGE names. */
export function firstPageGuard(): Plugin {
  return {
    name: 'zaymo-first-page-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const intruders = firstPageIntruders(bundle as unknown as Record<string, BundleItem>);
      if (intruders.length > 0) {
        this.error(`Первая страница тянет лишнее (issue 14):\n${intruders.join('\n')}`);
      }
    },
  };
}
