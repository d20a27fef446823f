import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Test helpers over poppler-utils: what a reader of the PDF would actually see. */

let folder: string | undefined;
let counter = 0;

export function writeTempPdf(pdf: Buffer): string {
  folder ??= mkdtempSync(path.join(tmpdir(), 'zaymo-pdf-'));
  counter += 1;
  const file = path.join(folder, `document-${counter}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** Runs of spaces, line breaks and no-break spaces become one space, so wrapped text matches. */
export function squeeze(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}

export function pdfText(file: string, extra: readonly string[] = []): string {
  return execFileSync('pdftotext', ['-layout', ...extra, file, '-'], { encoding: 'utf8' });
}

export function pageCount(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const match = /^Pages:\s+(\d+)/m.exec(info);
  if (!match?.[1]) throw new Error('pdfinfo gave no page count');
  return Number(match[1]);
}

export interface WordBox {
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

export interface PageWords {
  readonly width: number;
  readonly height: number;
  readonly words: readonly WordBox[];
}

const WORD =
  /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;

/** Words of one page with their boxes in points, from `pdftotext -bbox`. */
export function pageWords(file: string, page: number): PageWords {
  const html = execFileSync(
    'pdftotext',
    ['-f', String(page), '-l', String(page), '-bbox', file, '-'],
    { encoding: 'utf8' },
  );
  const size = /<page width="([\d.]+)" height="([\d.]+)">/.exec(html);
  if (!size?.[1] || !size[2]) throw new Error('pdftotext -bbox gave no page size');
  const words = [...html.matchAll(WORD)].map((match) => ({
    xMin: Number(match[1]),
    yMin: Number(match[2]),
    xMax: Number(match[3]),
    yMax: Number(match[4]),
    text: match[5] ?? '',
  }));
  return { width: Number(size[1]), height: Number(size[2]), words };
}

/** The text inside a rectangle of a page (points from the top left). */
export function regionText(
  file: string,
  page: number,
  region: { x: number; y: number; width: number; height: number },
): string {
  const crop = [region.x, region.y, region.width, region.height].map((n) => String(Math.floor(n)));
  const [x = '0', y = '0', width = '0', height = '0'] = crop;
  return pdfText(file, [
    '-f',
    String(page),
    '-l',
    String(page),
    '-x',
    x,
    '-y',
    y,
    '-W',
    width,
    '-H',
    height,
  ]);
}
