import type { Plugin } from 'vite';
import type { BundleItem } from './first-page';

/**
 * React's own modules: its API (`react`) and its DOM renderer (`react-dom/client`). A build that
 * serves React's API from another library through an alias, or renders with another one, bundles
 * that library's modules in their place.
 */
const REACT_MODULES = [
  { name: 'react', test: /[\\/]node_modules[\\/]react[\\/]cjs[\\/]react\.[a-z]+\.js$/ },
  {
    name: 'react-dom/client',
    test: /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.[a-z]+\.js$/,
  },
];

/** Which of React's own modules the bundle lacks: none when React renders it. */
export function rendererProblems(bundle: Record<string, BundleItem>): string[] {
  const modules = Object.values(bundle).flatMap((item) =>
    item.type === 'chunk' ? item.moduleIds : [],
  );
  return REACT_MODULES.filter(({ test }) => !modules.some((id) => test.test(id))).map(
    ({ name }) => `нет ${name}`,
  );
}

/** Fails a production build that React itself would not render. */
export function rendererGuard(): Plugin {
  return {
    name: 'zaymo-renderer-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const problems = rendererProblems(bundle as unknown as Record<string, BundleItem>);
      if (problems.length > 0) {
        this.error(`Сборку должен рисовать React (react и react-dom):\n${problems.join('\n')}`);
      }
    },
  };
}
