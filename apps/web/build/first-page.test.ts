import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { build } from 'vite';
import {
  firstPageChunks,
  firstPageIntruders,
  PRERENDERED_SCREENS,
  type BundleItem,
} from './first-page';

function chunk(
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  entry = false,
  facadeModuleId: string | null = entry ? '/app/index.html' : null,
) {
  return {
    type: 'chunk' as const,
    fileName,
    isEntry: entry,
    facadeModuleId,
    imports,
    moduleIds,
  };
}

const ZOD = '/repo/node_modules/zod/v4/classic/schemas.js';

function bundleOf(...items: BundleItem[]): Record<string, BundleItem> {
  return Object.fromEntries(items.map((item) => [item.fileName, item]));
}

describe('the first page guard', () => {
  it('follows the static imports of the HTML entry, not the lazy chunks', () => {
    const bundle = bundleOf(
      chunk('assets/index.js', ['/app/src/main.tsx'], ['assets/react.js'], true),
      chunk('assets/react.js', ['/repo/node_modules/react/index.js'], ['assets/index.js']),
      chunk('assets/signin.js', ['/app/src/signin.tsx', ZOD]),
      { type: 'asset', fileName: 'assets/index.css' },
    );
    expect(firstPageChunks(bundle).map((item) => item.fileName)).toEqual([
      'assets/index.js',
      'assets/react.js',
    ]);
    expect(firstPageIntruders(bundle)).toEqual([]);
  });

  it('names zod in a chunk the entry imports', () => {
    const bundle = bundleOf(
      chunk('assets/index.js', ['/app/src/main.tsx'], ['assets/schemas.js'], true),
      chunk('assets/schemas.js', ['/repo/packages/contract/src/api/loans.ts', ZOD]),
    );
    expect(firstPageIntruders(bundle)).toEqual([`assets/schemas.js: zod (${ZOD})`]);
  });

  const SIGNIN = '/app/src/features/accounts/routes/signin.tsx';
  const HOME = '/app/src/features/loans/routes/home.tsx';
  const home = () => chunk('assets/home.js', [HOME], ['assets/index.js'], false, HOME);
  const HOOK_FORM = '/repo/node_modules/react-hook-form/dist/index.esm.mjs';

  it('names zod in what the prerendered sign-in screen imports statically, not react-hook-form', () => {
    const bundle = bundleOf(
      chunk('assets/index.js', ['/app/src/main.tsx'], [], true),
      home(),
      chunk('assets/signin.js', [SIGNIN], ['assets/form.js'], false, SIGNIN),
      chunk('assets/form.js', ['/app/src/phone-form.tsx', HOOK_FORM], ['assets/schemas.js']),
      chunk('assets/schemas.js', ['/repo/packages/contract/src/api/accounts.ts', ZOD]),
    );
    expect(firstPageIntruders(bundle)).toEqual([]);
    expect(firstPageIntruders(bundle, PRERENDERED_SCREENS)).toEqual([
      `assets/schemas.js: zod (${ZOD})`,
    ]);
  });

  it('leaves alone what the sign-in screen imports lazily, and misses no screen', () => {
    const bundle = bundleOf(
      chunk('assets/index.js', ['/app/src/main.tsx'], [], true),
      home(),
      chunk('assets/signin.js', [SIGNIN, HOOK_FORM], [], false, SIGNIN),
      chunk('assets/form-resolvers.js', ['/app/src/form-resolvers.ts', ZOD]),
    );
    expect(firstPageIntruders(bundle, PRERENDERED_SCREENS)).toEqual([]);
    const renamed = bundleOf(chunk('assets/index.js', ['/app/src/main.tsx'], [], true), home());
    expect(() => firstPageIntruders(renamed, PRERENDERED_SCREENS)).toThrow(/экрана/);
  });

  it('stops a real build whose entry imports zod', async () => {
    const root = path.join(import.meta.dirname, 'fixtures/zod-entry');
    const { firstPageGuard } = await import('./first-page');
    await expect(
      build({
        root,
        logLevel: 'silent',
        configFile: false,
        plugins: [firstPageGuard()],
        build: { write: false, rolldownOptions: { input: path.join(root, 'index.html') } },
      }),
    ).rejects.toThrow(/Первая страница тянет лишнее[^]*assets\/index-[^]*: zod/);
  });
});
