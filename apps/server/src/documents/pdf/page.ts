import PDFDocument from 'pdfkit';
import { FONT_BOLD, FONT_REGULAR, loadFonts } from './fonts';

export type Doc = PDFKit.PDFDocument;

/** A4 in points. */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGINS = { top: 42, bottom: 58, left: 50, right: 45 } as const;
export const CONTENT_WIDTH = PAGE_WIDTH - MARGINS.left - MARGINS.right;

export const TEXT_SIZE = 9;
export const SMALL_SIZE = 7.5;
export const LINE_GAP = 1.5;
export const INK = '#111111';
export const MUTED = '#555555';
export const RULE = '#888888';

export interface DocumentInfo {
  readonly title: string;
  readonly author: string;
  /** Fixed from the data, so the same input always gives the same bytes. */
  readonly creationDate: Date;
}

export function createDocument(info: DocumentInfo): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { ...MARGINS },
    bufferPages: true,
    lang: 'ru-RU',
    displayTitle: true,
    info: {
      Title: info.title,
      Author: info.author,
      Creator: info.author,
      Producer: info.author,
      CreationDate: info.creationDate,
    },
  });
  const fonts = loadFonts();
  doc.registerFont(FONT_REGULAR, fonts.regular);
  doc.registerFont(FONT_BOLD, fonts.bold);
  return doc.font(FONT_REGULAR).fontSize(TEXT_SIZE).fillColor(INK);
}

/** The lowest y text may reach on this page. */
export function contentBottom(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page unless `height` points still fit below the cursor. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > contentBottom(doc)) doc.addPage();
}

export function collectPdf(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
