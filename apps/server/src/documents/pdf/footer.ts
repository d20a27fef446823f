import { FONT_REGULAR } from './fonts';
import { CONTENT_WIDTH, MARGINS, MUTED, INK, SMALL_SIZE, type Doc } from './page';
import { drawRule } from './header';

export function pageLabel(page: number, total: number): string {
  return `Стр. ${page} из ${total}`;
}

function drawFooter(doc: Doc, left: string, label: string): void {
  const y = doc.page.height - MARGINS.bottom + 18;
  drawRule(doc, y - 5, CONTENT_WIDTH);
  doc.font(FONT_REGULAR).fontSize(SMALL_SIZE).fillColor(MUTED);
  doc.text(left, MARGINS.left, y, { width: CONTENT_WIDTH - 80, height: 10, ellipsis: true });
  doc.text(label, MARGINS.left + CONTENT_WIDTH - 80, y, { width: 80, align: 'right' });
  doc.fillColor(INK);
}

/**
 * «Стр. N из M» on every page, written once the page count is known. The footer sits inside the
 * bottom margin, so the margin is lifted while writing or pdfkit would start a new page.
 */
export function drawFooters(doc: Doc, left: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    drawFooter(doc, left, pageLabel(index - start + 1, count));
    doc.page.margins.bottom = bottom;
  }
}
