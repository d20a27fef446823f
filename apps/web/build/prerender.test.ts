import { describe, expect, it } from 'vitest';
import {
  START_AFTER_PAINT,
  prerenderedIndex,
  scriptsOf,
  stylesOf,
  withApp,
  withInlineStyles,
  withScriptsAfterPaint,
  withScreen,
} from './prerender';

const SHELL = `<!doctype html>
<html lang="ru">
  <head>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="app"></div>
  </body>
</html>`;

describe('prerendered pages', () => {
  it('puts the markup into #app and nowhere else', () => {
    const html = withApp(SHELL, '<main><h1>Вход</h1></main>');
    expect(html).toContain('<div id="app"><main><h1>Вход</h1></main></div>');
    expect(html.match(/id="app"/g)).toHaveLength(1);
    expect(() => withApp('<body></body>', '<p></p>')).toThrow(/id="app"/);
  });

  it('links the styles of a lazy screen and of the chunks it imports, once each', () => {
    const manifest = {
      'src/signin.tsx': {
        file: 'assets/signin.js',
        css: ['assets/signin.css'],
        imports: ['_field'],
      },
      _field: { file: 'assets/field.js', css: ['assets/field.css'], imports: ['_shared'] },
      _shared: { file: 'assets/shared.js', css: ['assets/index-1.css'], imports: ['_field'] },
    };
    const styles = stylesOf(manifest, 'src/signin.tsx');
    expect(styles).toEqual(['assets/index-1.css', 'assets/field.css', 'assets/signin.css']);
    const html = withScreen(SHELL, styles);
    expect(html.match(/index-1\.css/g)).toHaveLength(1);
    expect(html).toMatch(
      /field\.css">\n {4}<link rel="stylesheet" crossorigin href="\/assets\/signin\.css">\n {2}<\/head>/,
    );
  });

  it('preloads the scripts of a lazy screen and of the chunks it imports, not the entry’s', () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', imports: ['_react'] },
      _react: { file: 'assets/react.js' },
      'src/home.tsx': { file: 'assets/home.js', imports: ['index.html', '_orders'] },
      _orders: { file: 'assets/orders.js', imports: ['index.html', 'src/home.tsx'] },
    };
    const scripts = scriptsOf(manifest, 'src/home.tsx');
    expect(scripts).toEqual([
      'assets/home.js',
      'assets/index-1.js',
      'assets/react.js',
      'assets/orders.js',
    ]);
    const shell = SHELL.replace(
      '  </head>',
      '    <script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/react.js">\n  </head>',
    );
    const html = withScreen(shell, [], scripts);
    expect(html.match(/index-1\.js|react\.js/g)).toHaveLength(2);
    expect(html).toMatch(
      /react\.js">\n {4}<link rel="modulepreload" crossorigin href="\/assets\/home\.js">\n {4}<link rel="modulepreload" crossorigin href="\/assets\/orders\.js">\n {2}<\/head>/,
    );
  });

  it('copies each stylesheet into the page and keeps its link disabled for the preload helper', async () => {
    const html = await withInlineStyles(SHELL, (file) =>
      Promise.resolve(file === 'assets/index-1.css' ? '.a{color:red}' : ''),
    );
    expect(html).toContain(
      '<style>.a{color:red}</style><link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled>',
    );
    expect(html.match(/<link /g)).toHaveLength(1);
    await expect(
      withInlineStyles(SHELL, () => Promise.resolve('</style><script>')),
    ).rejects.toThrow(/style/);
  });

  it('holds the entry and its preloads until the first paint', () => {
    const html = withScriptsAfterPaint(`<head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
  </head>`);
    expect(html).toContain(`<script defer src="${START_AFTER_PAINT}"></script>`);
    expect(html).toContain('<script type="text/x-after-paint" src="/assets/index-1.js"></script>');
    expect(html).toContain('<link rel="x-after-paint" href="/assets/react-1.js">');
    expect(html).not.toMatch(/type="module"|modulepreload/);
    expect(() => withScriptsAfterPaint('<head></head>')).toThrow(/точки входа/);
  });

  it('lists the pages for the server: path → file', () => {
    expect(JSON.parse(prerenderedIndex())).toEqual({
      '/': 'prerendered/home.html',
      '/signin': 'prerendered/signin.html',
    });
  });
});
