import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_PACKAGE_NAME = '@zaymo/server';

/**
 * The apps/server folder, found by walking up from this module. The same code runs as TypeScript
 * from src/ (tsx, vitest) and bundled from dist/main.js, so paths cannot be fixed relative offsets.
 */
export function serverPackageRoot(fromUrl: string = import.meta.url): string {
  let folder = path.dirname(fileURLToPath(fromUrl));
  for (;;) {
    if (isServerPackage(folder)) return folder;
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`Не найдена папка пакета ${SERVER_PACKAGE_NAME}`);
    folder = parent;
  }
}

function isServerPackage(folder: string): boolean {
  const manifest = path.join(folder, 'package.json');
  if (!existsSync(manifest)) return false;
  const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
  return name === SERVER_PACKAGE_NAME;
}

export function migrationsFolder(): string {
  return path.join(serverPackageRoot(), 'drizzle');
}

/** The sandbox schema's own migrations, applied only when SANDBOX is on. */
export function sandboxMigrationsFolder(): string {
  return path.join(serverPackageRoot(), 'drizzle-sandbox');
}

export function webDistFolder(): string {
  return path.join(serverPackageRoot(), '..', 'web', 'dist');
}
