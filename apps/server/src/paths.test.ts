import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, serverPackageRoot } from './paths';

describe('serverPackageRoot', () => {
  it('finds apps/server from the source tree, where the migrations are', () => {
    expect(path.basename(serverPackageRoot())).toBe('server');
    expect(migrationsFolder()).toBe(path.join(serverPackageRoot(), 'drizzle'));
  });

  it('finds the package from a bundled dist/main.js as well', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'zaymo-paths-'));
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: '@zaymo/server' }));
    mkdirSync(path.join(root, 'dist'));
    const bundle = pathToFileURL(path.join(root, 'dist', 'main.js')).href;
    try {
      expect(serverPackageRoot(bundle)).toBe(root);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('fails clearly outside the package', () => {
    const stranger = pathToFileURL(path.join(os.tmpdir(), 'elsewhere', 'main.js')).href;
    expect(() => serverPackageRoot(stranger)).toThrow('@zaymo/server');
  });
});
