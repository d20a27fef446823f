import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';
import { reactRouterAliases } from './react-router-alias';

/**
 * React's API served by preact/compat (react-dom alone was 62 KiB of the first page,
 * preact/compat is about 5). Used by the production build and by the web unit tests, so the
 * tests run on the renderer that ships; the dev server keeps React for Fast Refresh.
 * Exact specifiers only: `react-router` or `react-i18next` must not match.
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  {
    find: /^use-sync-external-store\/shim$/,
    replacement: fileURLToPath(new URL('./use-sync-external-store-shim.ts', import.meta.url)),
  },
];

/**
 * The unit tests' extra: @testing-library/react has no `exports`, and its CommonJS `main` would
 * require the real react-dom; its ES module goes through the aliases above.
 */
export const PREACT_TEST_ALIASES: Alias[] = [
  ...PREACT_ALIASES,
  ...reactRouterAliases('development'),
  {
    find: /^@testing-library\/react$/,
    replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
  },
];

/** Libraries that import React themselves: inlined by vitest so the aliases reach them. */
export const REACT_LIBRARIES = [
  /react-router/,
  /react-i18next/,
  /@tanstack[\\/]react-query/,
  /react-hook-form/,
  /@hookform/,
  /react-toastify/,
  /zustand/,
  /@testing-library[\\/]react/,
];
