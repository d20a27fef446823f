import { createRequire } from 'node:module';
import path from 'node:path';
import type { Alias } from 'vite';

const routerDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
);

/**
 * React Router's production build for the production bundle: its `exports` give bundlers the
 * development build (dev warnings on).
 */
export function reactRouterAliases(build: 'development' | 'production'): Alias[] {
  return [
    { find: /^react-router$/, replacement: path.join(routerDist, build, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(routerDist, build, 'dom-export.mjs') },
  ];
}
