import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, minify, type Alias, type Plugin, type PluginOption } from 'vite';

/** The pages whose HTML carries the first paint, and the file each one is written to. */
export const PRERENDERED_PAGES = [
  // Lazy screens: their styles go into the page too, or they would change look on arrival.
  { path: '/', file: 'prerendered/home.html', screen: 'src/features/loans/routes/home.tsx' },
  {
    path: '/signin',
    file: 'prerendered/signin.html',
    screen: 'src/features/accounts/routes/signin.tsx',
  },
] as const;

/**
 * Where the server learns which paths have a page (apps/server/src/http/static-spa.ts reads it):
 * path → file, the one list being PRERENDERED_PAGES above.
 */
export const PRERENDERED_INDEX = 'prerendered/pages.json';

export function prerenderedIndex(): string {
  return JSON.stringify(
    Object.fromEntries(PRERENDERED_PAGES.map((page) => [page.path, page.file])),
  );
}

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

type PrerenderOptions = { aliases: Alias[]; plugins: PluginOption[] };

/**
 * `/` and `/signin` paint before any JS runs. After the client build, the real app (same
 * components, same React) is bundled for Node and rendered by react-dom/static at each path as a
 * guest with its API calls pending; its markup goes into a copy of index.html
 * (dist/prerendered/*.html, served by the server for those paths), which the browser hydrates.
 * index.html itself stays empty: every other path gets it.
 */
export function prerender({ aliases, plugins }: PrerenderOptions): Plugin {
  let root = '';
  let outDir = '';
  let written = false;
  return {
    name: 'zaymo-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      written = true;
    },
    closeBundle: {
      // Before precompress (also closeBundle, sequential) so the pages get their .br and .gz.
      sequential: true,
      order: 'pre',
      async handler() {
        // closeBundle runs after a failed build too: its error, not a missing index.html, is news.
        if (!written) return;
        const bundleDir = await mkdtemp(path.join(tmpdir(), 'zaymo-prerender-'));
        try {
          installDom();
          const renderPage = await bundleRenderer(root, bundleDir, aliases, plugins);
          const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
          const manifest = JSON.parse(
            await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'),
          ) as Manifest;
          for (const page of PRERENDERED_PAGES) {
            const styles = stylesOf(manifest, page.screen);
            const scripts = scriptsOf(manifest, page.screen);
            const linked = withScreen(withApp(shell, await renderPage(page.path)), styles, scripts);
            const html = withScriptsAfterPaint(
              await withInlineStyles(linked, (file) => readFile(path.join(outDir, file), 'utf8')),
            );
            await mkdir(path.dirname(path.join(outDir, page.file)), { recursive: true });
            await writeFile(path.join(outDir, page.file), html);
          }
          await writeFile(path.join(outDir, PRERENDERED_INDEX), prerenderedIndex());
          const starter = path.join(outDir, START_AFTER_PAINT);
          await writeFile(starter, await minifiedStarter(await readFile(starter, 'utf8')));
        } finally {
          await rm(bundleDir, { recursive: true, force: true });
        }
      },
    },
  };
}

const APP_ELEMENT = '<div id="app"></div>';

export function withApp(shell: string, appHtml: string): string {
  if (!shell.includes(APP_ELEMENT)) throw new Error(`index.html без ${APP_ELEMENT}`);
  return shell.replace(APP_ELEMENT, `<div id="app">${appHtml}</div>`);
}

/** The stylesheets of a chunk and of the chunks it imports statically, in load order. */
export function stylesOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  const imported = (chunk.imports ?? []).flatMap((name) => stylesOf(manifest, name, seen));
  return [...new Set([...imported, ...(chunk.css ?? [])])];
}

/** The script of a chunk and of the chunks it imports statically. */
export function scriptsOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  const imported = (chunk.imports ?? []).flatMap((name) => scriptsOf(manifest, name, seen));
  return [...new Set([chunk.file, ...imported])];
}

/**
 * Before `</head>`, what the shell does not link already: the screen's stylesheets, and module
 * preloads of its scripts, so they come beside the entry rather than after it has run (the app
 * loads the screen before it hydrates the page: app/start-up.tsx).
 */
export function withScreen(html: string, styles: string[], scripts: string[] = []): string {
  const fresh = (file: string) => !html.includes(`/${file}"`);
  const links = [
    ...styles.filter(fresh).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...scripts
      .filter(fresh)
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  return html.replace('  </head>', `${links.map((link) => `    ${link}\n`).join('')}  </head>`);
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/**
 * The page paints from the HTML alone: each stylesheet is copied into a `<style>` (the CSP allows
 * inline styles, not inline scripts), which saves the round trip a linked one costs before the
 * first paint. The link stays, `disabled` (not fetched, not applied), for Vite's preload helper:
 * it looks for `link[rel=stylesheet][href=…]` before adding a lazy chunk's stylesheet, which
 * would otherwise come a second time and after the others.
 */
export async function withInlineStyles(
  html: string,
  read: (file: string) => Promise<string>,
): Promise<string> {
  const files = [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1] as string);
  const styles = new Map(
    await Promise.all(files.map(async (file) => [file, await read(file)] as const)),
  );
  return html.replace(STYLESHEET_LINK, (_link, file: string) => {
    const css = styles.get(file) ?? '';
    if (/<\/style/i.test(css)) throw new Error(`${file}: </style> в стилях`);
    return `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
  });
}

/** Where the held scripts of a prerendered page start (apps/web/public). */
export const START_AFTER_PAINT = '/start-after-paint.js';

/**
 * The starter as the build ships it: minified, 0.4 KB sent instead of 1.1 (public/ keeps it
 * readable, and Vite copies public files as they are).
 */
export async function minifiedStarter(source: string): Promise<string> {
  const { code, errors } = await minify(START_AFTER_PAINT, source, { module: false });
  if (errors.length > 0) throw new Error(`${START_AFTER_PAINT}: ${errors[0]?.message}`);
  return code;
}

/**
 * The prerendered page needs no script to paint, yet the browser fetches module scripts and their
 * preloads at high priority, beside the HTML, and runs them as soon as the HTML is parsed, often
 * before anything is painted. So they are held: the entry becomes a `text/x-after-paint` script
 * and each preload an `x-after-paint` link, which the browser neither fetches nor runs, and
 * START_AFTER_PAINT (a deferred classic script) starts them once the first frame is painted.
 * Lighthouse mobile, 5 runs each alternating with a build that loads the scripts at once: FCP
 * 672 against 2 011 ms on / (score 100 against 97), 659 against 2 031 ms on /signin.
 */
export function withScriptsAfterPaint(html: string): string {
  const held = html
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/g,
      `<script defer src="${START_AFTER_PAINT}"></script>\n    <script type="text/x-after-paint" src="$1"></script>`,
    )
    .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="x-after-paint" href=');
  if (held.split(START_AFTER_PAINT).length !== 2) throw new Error('страница без одной точки входа');
  return held;
}

/**
 * The app bundled for Node (React and every library in the bundle) as `renderPage(path)`: the
 * markup of `#app` at that path. Needs a DOM-like global scope.
 */
export async function bundleRenderer(
  root: string,
  bundleDir: string,
  aliases: Alias[],
  plugins: PluginOption[],
): Promise<(path: string) => Promise<string>> {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins,
    resolve: { alias: aliases },
    // Everything bundled, resolved as in the browser build.
    ssr: { noExternal: true },
    build: {
      ssr: path.join(root, 'build/prerender-entry.tsx'),
      outDir: bundleDir,
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  // A path, not a file: URL, which vitest's module runner (src/app/hydration.test.tsx) refuses.
  const module = (await import(path.join(bundleDir, 'prerender.mjs'))) as {
    renderPage: (path: string) => Promise<string>;
  };
  return module.renderPage;
}

/** The part of jsdom used here (it ships no types; the web tests run on it too). */
type Jsdom = new (
  html: string,
  options: { url: string; pretendToBeVisual: boolean },
) => { window: Window & typeof globalThis };

/** A browser-like global scope for the bundle: jsdom's window, matchMedia answering «no». */
function installDom(): void {
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: Jsdom };
  const { window } = new JSDOM('<!doctype html><html lang="ru"><body></body></html>', {
    url: 'http://localhost/',
    pretendToBeVisual: true,
  });
  window.scrollTo = () => undefined;
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  const globals = globalThis as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in globals && key !== 'navigator' && key !== 'location') continue;
    Object.defineProperty(globals, key, {
      configurable: true,
      get: () => (window as unknown as Record<string, unknown>)[key],
    });
  }
  // The pages render as a guest whose API calls have not answered yet.
  globals.fetch = () => new Promise<never>(() => undefined);
}
