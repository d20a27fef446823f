import type { PskBoxValues } from './content';
import { FONT_BOLD, FONT_REGULAR } from './fonts';
import { formatPskPercent, money } from './format';
import { INK, MARGINS, MUTED, PAGE_WIDTH, type Doc } from './page';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Two square cells (percent, roubles) under a caption: 7.5 % of an A4 page, above the 5 % minimum. */
const CELL = 120;
const CAPTION_HEIGHT = 36;

/** Where the box goes: against the top and right margins of the first page. */
export function pskBoxRect(): Rect {
  const width = CELL * 2;
  return {
    x: PAGE_WIDTH - MARGINS.right - width,
    y: MARGINS.top,
    width,
    height: CAPTION_HEIGHT + CELL,
  };
}

function drawFrame(doc: Doc, box: Rect): void {
  const cellsTop = box.y + CAPTION_HEIGHT;
  doc.save().lineWidth(1.5).strokeColor(INK);
  doc.rect(box.x, box.y, box.width, box.height).stroke();
  doc.lineWidth(0.75);
  doc
    .moveTo(box.x, cellsTop)
    .lineTo(box.x + box.width, cellsTop)
    .stroke();
  doc
    .moveTo(box.x + CELL, cellsTop)
    .lineTo(box.x + CELL, box.y + box.height)
    .stroke();
  doc.restore();
}

function drawCaption(doc: Doc, box: Rect): void {
  doc.font(FONT_BOLD).fontSize(10).fillColor(INK);
  const text = 'Полная стоимость кредита (займа)';
  const height = doc.heightOfString(text, { width: box.width - 12 });
  doc.text(text, box.x + 6, box.y + (CAPTION_HEIGHT - height) / 2, {
    width: box.width - 12,
    align: 'center',
  });
}

/** The largest size up to 17 pt at which the value stays on one line of the cell. */
function valueFontSize(doc: Doc, value: string, width: number): number {
  doc.font(FONT_BOLD);
  let size = 17;
  while (size > 8 && doc.fontSize(size).widthOfString(value) > width) size -= 0.5;
  return size;
}

function drawCell(doc: Doc, x: number, top: number, value: string, label: string): void {
  const width = CELL - 12;
  const size = valueFontSize(doc, value, width);
  const valueHeight = doc.font(FONT_BOLD).fontSize(size).heightOfString(value, { width });
  doc.font(FONT_REGULAR).fontSize(9);
  const labelHeight = doc.heightOfString(label, { width });
  const y = top + (CELL - valueHeight - labelHeight - 6) / 2;
  doc.font(FONT_BOLD).fontSize(size).fillColor(INK);
  doc.text(value, x + 6, y, { width, align: 'center' });
  doc.font(FONT_REGULAR).fontSize(9).fillColor(MUTED);
  doc.text(label, x + 6, y + valueHeight + 6, { width, align: 'center' });
  doc.fillColor(INK);
}

/** 353-FZ art. 6 p. 14: ПСК in a frame at the top right of the first page, in % and in roubles. */
export function drawPskBox(doc: Doc, values: PskBoxValues): Rect {
  const box = pskBoxRect();
  drawFrame(doc, box);
  drawCaption(doc, box);
  const cellsTop = box.y + CAPTION_HEIGHT;
  drawCell(doc, box.x, cellsTop, `${formatPskPercent(values.percent)} %`, 'годовых');
  drawCell(doc, box.x + CELL, cellsTop, money(values.amount), 'в денежном выражении');
  return box;
}
