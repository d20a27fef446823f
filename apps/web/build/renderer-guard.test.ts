import path from 'node:path';
import { version } from 'react-dom';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { rendererGuard, rendererProblems } from './renderer-guard';

const REACT = '/repo/node_modules/react/cjs/react.production.js';
const REACT_DOM = '/repo/node_modules/react-dom/cjs/react-dom-client.production.js';
/** What an alias of `react` and `react-dom` to another library bundles in their place. */
const ALIASED = '/repo/node_modules/another-renderer/compat/dist/compat.module.js';

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
  it('is React’s own react and react-dom', () => {
    expect(rendererProblems(bundleOf('/app/src/main.tsx', REACT, REACT_DOM))).toEqual([]);
    expect(rendererProblems(bundleOf('/app/src/main.tsx', ALIASED))).toEqual([
      'нет react',
      'нет react-dom/client',
    ]);
    expect(rendererProblems(bundleOf(REACT, ALIASED))).toEqual(['нет react-dom/client']);
  });

  it('lets a real build that React renders through', async () => {
    await expect(buildFixture('react-entry')).resolves.toBeDefined();
  });

  it('stops a real build without React', async () => {
    await expect(buildFixture('zod-entry')).rejects.toThrow(/нет react\n/);
  });

  it('is React 19’s in the unit tests too', () => {
    expect(version).toMatch(/^19\./);
  });
});
