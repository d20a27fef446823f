import type { Plugin } from 'vite';
import type { BundleItem } from './first-page';

/** React's DOM renderer: what renders every page of both apps. */
const REACT_DOM_CLIENT =
  /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.[a-z]+\.js$/;
/** Another renderer, or a React API served by another library. */
const OTHER_RENDERERS = /[\\/]node_modules[\\/](preact|@preact|inferno|nervjs)[\\/]/;

/**
 * What is wrong with the bundle's renderer: a module of another renderer, or no react-dom client
 * at all. Empty when React alone renders it.
 */
export function rendererProblems(bundle: Record<string, BundleItem>): string[] {
  const modules = Object.values(bundle).flatMap((item) =>
    item.type === 'chunk' ? item.moduleIds.map((id) => ({ file: item.fileName, id })) : [],
  );
  const others = modules
    .filter(({ id }) => OTHER_RENDERERS.test(id))
    .map(({ file, id }) => `${file}: ${id}`);
  const react = modules.some(({ id }) => REACT_DOM_CLIENT.test(id));
  return [...others, ...(react ? [] : ['нет react-dom/client'])];
}

/** Fails a production build that another renderer would render, or that lacks React's. */
export function rendererGuard(): Plugin {
  return {
    name: 'zaymo-renderer-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const problems = rendererProblems(bundle as unknown as Record<string, BundleItem>);
      if (problems.length > 0) {
        this.error(`Сборку должен рисовать React (react-dom):\n${problems.join('\n')}`);
      }
    },
  };
}
