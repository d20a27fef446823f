// Bundles src/main.ts into dist/main.js. Packages from node_modules stay external (they are
// installed next to the bundle); our contract, imported as TypeScript source, is bundled in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.dirname(fileURLToPath(import.meta.url));
const dependenciesOf = (manifestPath) =>
  Object.keys(JSON.parse(readFileSync(manifestPath, 'utf8')).dependencies ?? {});

// The contract's own dependencies (zod) must stay external too: fastify-type-provider-zod loads
// zod from node_modules, and two copies of zod would not share its configuration.
const workspacePackages = new Set(['@zaymo/contract']);
const external = [
  ...dependenciesOf(path.join(serverRoot, 'package.json')),
  ...dependenciesOf(path.join(serverRoot, '../../packages/contract/package.json')),
]
  .filter((name) => !workspacePackages.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const started = Date.now();
await build({
  // The server, and `node dist/migrate.js` for hosts installed without dev dependencies (no tsx).
  entryPoints: {
    main: path.join(serverRoot, 'src/main.ts'),
    migrate: path.join(serverRoot, 'src/cli/migrate.ts'),
  },
  outdir: path.join(serverRoot, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log(`Сервер собран: apps/server/dist/main.js и migrate.js за ${Date.now() - started} мс`);
