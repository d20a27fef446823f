import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Names the layout uses with doc.font(). */
export const FONT_REGULAR = 'DejaVuSans';
export const FONT_BOLD = 'DejaVuSans-Bold';

export interface FontFiles {
  readonly regular: Buffer;
  readonly bold: Buffer;
}

/**
 * The TTF files of the dejavu-fonts-ttf package, found through module resolution (never a system
 * path): full DejaVu Sans has Cyrillic, digits, «₽» and the no-break spaces Intl puts in money.
 */
export function dejavuFontPath(fileName: string): string {
  const require = createRequire(import.meta.url);
  const packageRoot = path.dirname(require.resolve('dejavu-fonts-ttf/package.json'));
  return path.join(packageRoot, 'ttf', fileName);
}

let cached: FontFiles | undefined;

/** Read once per process: every document embeds subsets of the same two files. */
export function loadFonts(): FontFiles {
  cached ??= {
    regular: readFileSync(dejavuFontPath('DejaVuSans.ttf')),
    bold: readFileSync(dejavuFontPath('DejaVuSans-Bold.ttf')),
  };
  return cached;
}
