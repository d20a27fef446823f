import path from 'node:path';
import { version } from 'react-dom';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { rendererGuard, rendererProblems } from './renderer-guard';

const REACT_DOM = '/repo/node_modules/react-dom/cjs/react-dom-client.production.js';

function bundleOf(...moduleIds: string[]) {
  return {
    'assets/index.js': {
      type: 'chunk' as const,
      fileName: 'assets/index.js',
      isEntry: true,
      facadeModuleId: '/app/index.html',
      imports: [],
      moduleIds,
    },
  };
}

function buildFixture(name: string) {
  const root = path.join(import.meta.dirname, 'fixtures', name);
  return build({
    root,
    logLevel: 'silent',
    configFile: false,
    plugins: [rendererGuard()],
    build: { write: false, rolldownOptions: { input: path.join(root, 'index.html') } },
  });
}

describe('the renderer of a production bundle', () => {
  it('is React’s react-dom and nothing else', () => {
    expect(rendererProblems(bundleOf('/app/src/main.tsx', REACT_DOM))).toEqual([]);
    expect(rendererProblems(bundleOf('/app/src/main.tsx'))).toEqual(['нет react-dom/client']);
    expect(
      rendererProblems(
        bundleOf(REACT_DOM, '/repo/node_modules/preact/compat/dist/compat.module.js'),
      ),
    ).toEqual(['assets/index.js: /repo/node_modules/preact/compat/dist/compat.module.js']);
  });

  it('lets a real build that React renders through', async () => {
    await expect(buildFixture('react-entry')).resolves.toBeDefined();
  });

  it('stops a real build without react-dom', async () => {
    await expect(buildFixture('zod-entry')).rejects.toThrow(/нет react-dom\/client/);
  });

  it('is React 19’s in the unit tests too', () => {
    expect(version).toMatch(/^19\./);
  });
});
