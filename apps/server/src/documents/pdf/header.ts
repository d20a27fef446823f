import type { CompanySettings } from '@zaymo/contract';
import { FONT_BOLD, FONT_REGULAR } from './fonts';
import { MARGINS, MUTED, INK, RULE, SMALL_SIZE, type Doc } from './page';

function companyLines(company: CompanySettings): string[] {
  return [
    `ОГРН ${company.ogrn}, ИНН ${company.inn}`,
    `Регистрационный номер записи в государственном реестре МФО: ${company.cbr_register_entry}`,
    `Адрес: ${company.address}`,
    `Тел.: ${company.support_phone}, e-mail: ${company.support_email}`,
    `Сайт: ${company.site_url}`,
  ];
}

/** The company block at the top left of the first page; returns the y below it. */
export function drawCompanyHeader(doc: Doc, company: CompanySettings, width: number): number {
  doc.font(FONT_BOLD).fontSize(10).fillColor(INK);
  doc.text(company.legal_name, MARGINS.left, MARGINS.top, { width });
  doc.font(FONT_REGULAR).fontSize(SMALL_SIZE).fillColor(MUTED);
  for (const line of companyLines(company)) doc.text(line, MARGINS.left, doc.y, { width });
  doc.fillColor(INK);
  return doc.y;
}

export function drawRule(doc: Doc, y: number, width: number): void {
  doc
    .save()
    .lineWidth(0.5)
    .strokeColor(RULE)
    .moveTo(MARGINS.left, y)
    .lineTo(MARGINS.left + width, y)
    .stroke()
    .restore();
}
