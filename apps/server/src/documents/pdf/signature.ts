import { FONT_BOLD, FONT_REGULAR } from './fonts';
import { formatMoscowDateTime, maskCode, maskPhone, orMissing } from './format';
import { CONTENT_WIDTH, ensureSpace, INK, LINE_GAP, MARGINS, MUTED, type Doc } from './page';
import type { SignatureRecord } from './types';

export const SIGNED_TITLE =
  'Подписано простой электронной подписью (аналогом собственноручной подписи)';
export const UNSIGNED_LINE = 'Документ не подписан.';
const DEFAULT_METHOD = 'АСП (SMS-код)';
const HASH_PREFIX_LENGTH = 16;

function confirmationText(signature: SignatureRecord): string {
  if (signature.codeLastDigits) return `код подтверждения ${maskCode(signature.codeLastDigits)}`;
  if (signature.codeHashPrefix) {
    return `хеш кода ${signature.codeHashPrefix.slice(0, HASH_PREFIX_LENGTH)}…`;
  }
  return 'код подтверждения из SMS';
}

export function signatureLines(
  signature: SignatureRecord,
  signer: string,
  version: string,
): string[] {
  return [
    `Подписант: ${orMissing(signer)}`,
    `Дата и время подписания: ${formatMoscowDateTime(signature.signedAt)}`,
    `Способ подписания: ${signature.method ?? DEFAULT_METHOD}, ${confirmationText(signature)}`,
    `Телефон: ${maskPhone(signature.phone)}; IP-адрес: ${orMissing(signature.ip)}`,
    `Редакция документа: ${version}`,
    'Подпись признается равнозначной собственноручной в соответствии с Соглашением об ' +
      'использовании аналога собственноручной подписи и ст. 6 Федерального закона ' +
      'от 06.04.2011 № 63-ФЗ «Об электронной подписи».',
  ];
}

function blockHeight(doc: Doc, lines: readonly string[], width: number): number {
  doc.font(FONT_BOLD).fontSize(9);
  let height = doc.heightOfString(SIGNED_TITLE, { width }) + 4;
  doc.font(FONT_REGULAR).fontSize(8.5);
  for (const line of lines) height += doc.heightOfString(line, { width, lineGap: LINE_GAP });
  return height;
}

/** The framed signature record at the end of a signed document, never split across pages. */
export function drawSignature(doc: Doc, lines: readonly string[]): void {
  const padding = 8;
  const width = CONTENT_WIDTH - padding * 2;
  const height = blockHeight(doc, lines, width) + padding * 2;
  doc.moveDown(1);
  ensureSpace(doc, height);
  const top = doc.y;
  doc.save().lineWidth(1).strokeColor('#1f4e79').rect(MARGINS.left, top, CONTENT_WIDTH, height);
  doc.stroke().restore();
  doc.font(FONT_BOLD).fontSize(9).fillColor('#1f4e79');
  doc.text(SIGNED_TITLE, MARGINS.left + padding, top + padding, { width });
  doc.moveDown(0.3).font(FONT_REGULAR).fontSize(8.5).fillColor(INK);
  for (const line of lines)
    doc.text(line, MARGINS.left + padding, doc.y, { width, lineGap: LINE_GAP });
  doc.x = MARGINS.left;
  doc.y = top + height;
}

export function drawUnsigned(doc: Doc): void {
  doc.moveDown(1);
  ensureSpace(doc, 20);
  doc.font(FONT_BOLD).fontSize(9).fillColor(MUTED);
  doc.text(UNSIGNED_LINE, MARGINS.left, doc.y, { width: CONTENT_WIDTH });
  doc.fillColor(INK);
}
