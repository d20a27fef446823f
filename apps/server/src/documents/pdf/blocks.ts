import type { Block, FieldRow, TableColumn } from './content';
import { FONT_BOLD, FONT_REGULAR } from './fonts';
import { CONTENT_WIDTH, ensureSpace, INK, LINE_GAP, MARGINS, TEXT_SIZE, type Doc } from './page';

const TABLE_SIZE = 8.5;
const CELL_STYLE = { border: 0.5, borderColor: '#666666', padding: 4 } as const;

function drawHeading(doc: Doc, text: string): void {
  doc.font(FONT_BOLD).fontSize(10);
  // Keep a heading with at least two lines of its text.
  ensureSpace(doc, doc.heightOfString(text, { width: CONTENT_WIDTH }) + 40);
  doc.moveDown(0.5).text(text, MARGINS.left, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.25);
}

function drawParagraph(doc: Doc, text: string): void {
  doc.font(FONT_REGULAR).fontSize(TEXT_SIZE).fillColor(INK);
  doc.text(text, MARGINS.left, doc.y, {
    width: CONTENT_WIDTH,
    align: 'justify',
    lineGap: LINE_GAP,
    paragraphGap: 3,
  });
}

function drawNotice(doc: Doc, text: string): void {
  const padding = 6;
  const width = CONTENT_WIDTH - padding * 2;
  doc.font(FONT_BOLD).fontSize(TEXT_SIZE);
  const height = doc.heightOfString(text, { width, lineGap: LINE_GAP }) + padding * 2;
  ensureSpace(doc, height + 6);
  const top = doc.y + 3;
  doc.save().lineWidth(1).strokeColor(INK).rect(MARGINS.left, top, CONTENT_WIDTH, height).stroke();
  doc.restore();
  doc.text(text, MARGINS.left + padding, top + padding, { width, lineGap: LINE_GAP });
  doc.x = MARGINS.left;
  doc.y = top + height + 6;
}

function headerCell(column: TableColumn) {
  return {
    text: column.header,
    font: { src: FONT_BOLD },
    backgroundColor: '#eeeeee',
    align: { x: column.align ?? 'left', y: 'center' as const },
  };
}

function bodyCell(text: string, column: TableColumn | undefined) {
  return { text, align: { x: column?.align ?? 'left', y: 'top' as const } };
}

function drawTable(
  doc: Doc,
  columns: readonly TableColumn[],
  rows: readonly (readonly string[])[],
) {
  doc.font(FONT_REGULAR).fontSize(TABLE_SIZE).fillColor(INK);
  ensureSpace(doc, 60);
  doc.moveDown(0.3);
  doc.table({
    position: { x: MARGINS.left, y: doc.y },
    maxWidth: CONTENT_WIDTH,
    columnStyles: columns.map((column) => column.width),
    defaultStyle: CELL_STYLE,
    data: [
      columns.map(headerCell),
      ...rows.map((row) => row.map((text, index) => bodyCell(text, columns[index]))),
    ],
  });
  doc.x = MARGINS.left;
  doc.moveDown(0.5);
}

function drawFields(doc: Doc, rows: readonly FieldRow[]): void {
  doc.font(FONT_REGULAR).fontSize(TABLE_SIZE).fillColor(INK);
  ensureSpace(doc, 40);
  doc.moveDown(0.3);
  doc.table({
    position: { x: MARGINS.left, y: doc.y },
    maxWidth: CONTENT_WIDTH,
    columnStyles: [185, '*'],
    defaultStyle: CELL_STYLE,
    data: rows.map(([label, value]) => [
      { text: label, backgroundColor: '#f4f4f4' },
      { text: value },
    ]),
  });
  doc.x = MARGINS.left;
  doc.moveDown(0.5);
}

export function drawBlock(doc: Doc, block: Block): void {
  switch (block.type) {
    case 'heading':
      return drawHeading(doc, block.text);
    case 'paragraph':
      return drawParagraph(doc, block.text);
    case 'notice':
      return drawNotice(doc, block.text);
    case 'fields':
      return drawFields(doc, block.rows);
    case 'table':
      return drawTable(doc, block.columns, block.rows);
  }
}
