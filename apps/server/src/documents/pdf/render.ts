import { documentKindInfo, type CompanySettings, type DocumentKind } from '@zaymo/contract';
import { drawBlock } from './blocks';
import type { DocumentContent } from './content';
import { FONT_BOLD, FONT_REGULAR } from './fonts';
import { drawFooters } from './footer';
import { formatDate } from './format';
import { drawCompanyHeader, drawRule } from './header';
import { buildContent } from './kinds';
import { clientName } from './parties';
import { drawPskBox } from './psk-box';
import { collectPdf, CONTENT_WIDTH, createDocument, MARGINS, MUTED, INK, type Doc } from './page';
import { drawSignature, drawUnsigned, signatureLines } from './signature';
import type { CommonDocumentData, DocumentDataByKind } from './types';

const HEADER_GAP = 15;

/** Company details at the top; with a ПСК box they share the first lines, the box on the right. */
function drawTop(doc: Doc, company: CompanySettings, content: DocumentContent): void {
  if (content.pskBox) {
    const box = drawPskBox(doc, content.pskBox);
    const bottom = drawCompanyHeader(doc, company, box.x - MARGINS.left - HEADER_GAP);
    doc.y = Math.max(bottom, box.y + box.height) + 14;
    return;
  }
  const bottom = drawCompanyHeader(doc, company, CONTENT_WIDTH);
  drawRule(doc, bottom + 6, CONTENT_WIDTH);
  doc.y = bottom + 16;
}

function drawTitle(doc: Doc, content: DocumentContent): void {
  doc.font(FONT_BOLD).fontSize(12.5).fillColor(INK);
  doc.text(content.title, MARGINS.left, doc.y, { width: CONTENT_WIDTH, align: 'center' });
  doc.font(FONT_REGULAR).fontSize(9.5);
  for (const line of content.subtitle ?? []) {
    doc.text(line, MARGINS.left, doc.y + 2, { width: CONTENT_WIDTH, align: 'center' });
  }
}

function drawDateAndVersion(doc: Doc, data: CommonDocumentData): void {
  const y = doc.y + 8;
  doc.font(FONT_REGULAR).fontSize(8.5).fillColor(MUTED);
  doc.text(`Дата: ${formatDate(data.date)}`, MARGINS.left, y, { width: CONTENT_WIDTH / 2 });
  doc.text(`Редакция: ${data.version}`, MARGINS.left + CONTENT_WIDTH / 2, y, {
    width: CONTENT_WIDTH / 2,
    align: 'right',
  });
  doc.fillColor(INK).moveDown(0.6);
  doc.x = MARGINS.left;
}

function drawSignatureArea(doc: Doc, kind: DocumentKind, data: CommonDocumentData): void {
  if (data.signature) {
    drawSignature(doc, signatureLines(data.signature, clientName(data.client), data.version));
  } else if (documentKindInfo(kind).signedByClient) {
    drawUnsigned(doc);
  }
}

/** Fixed from the data, so re-rendering the same signed document gives the same bytes. */
function creationDate(data: CommonDocumentData): Date {
  return new Date(data.signature?.signedAt ?? `${data.date}T00:00:00Z`);
}

/**
 * Renders one of the company's documents to an A4 PDF. Pure: no I/O besides reading the bundled
 * fonts once; the same kind and data give the same bytes.
 */
export async function renderDocument<K extends DocumentKind>(
  kind: K,
  data: DocumentDataByKind[K],
): Promise<Buffer> {
  const content = buildContent(kind, data);
  const doc = createDocument({
    title: content.title,
    author: data.company.legal_name,
    creationDate: creationDate(data),
  });
  drawTop(doc, data.company, content);
  drawTitle(doc, content);
  drawDateAndVersion(doc, data);
  for (const block of content.blocks) drawBlock(doc, block);
  drawSignatureArea(doc, kind, data);
  drawFooters(doc, `${data.company.legal_name} · ${content.title} · ред. ${data.version}`);
  return collectPdf(doc);
}
