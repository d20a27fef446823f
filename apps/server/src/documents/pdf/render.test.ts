import { DOCUMENT_KINDS, formatMoney, roubles, type DocumentKind } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import { renderDocument } from './render';
import { pageCount, pageWords, pdfText, regionText, squeeze, writeTempPdf } from './pdf-text';
import { pskBoxRect } from './psk-box';
import { PAGE_HEIGHT, PAGE_WIDTH } from './page';
import { SIGNED_TITLE, UNSIGNED_LINE } from './signature';
import { client, company, loan, SAMPLE_DATA } from './test-fixtures';
import type { DocumentDataByKind } from './types';

function renderSample<K extends DocumentKind>(kind: K) {
  return renderToFile(kind, SAMPLE_DATA[kind]);
}

async function renderToFile<K extends DocumentKind>(kind: K, data: DocumentDataByKind[K]) {
  const pdf = await renderDocument(kind, data);
  const file = writeTempPdf(pdf);
  return { pdf, file, text: squeeze(pdfText(file)) };
}

/** Kinds that name the client; the policy and the general terms are the company's own texts. */
const NAMES_THE_CLIENT = DOCUMENT_KINDS.filter((kind) => kind.signedByClient);

describe('renderDocument: every kind', () => {
  it.each(DOCUMENT_KINDS.map((kind) => [kind.code, kind] as const))(
    '%s renders a readable A4 PDF with the company header and page numbers',
    async (code, info) => {
      const { pdf, file, text } = await renderSample(code);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const pages = pageCount(file);
      expect(text).toContain(company.legal_name);
      expect(text).toContain('ОГРН 1237700482150, ИНН 7703482150');
      expect(text).toContain('2303045010123');
      expect(text).toContain(company.site_url);
      expect(text).toContain(`Стр. 1 из ${pages}`);
      expect(text).toContain(`Стр. ${pages} из ${pages}`);
      expect(text).toContain('Редакция: 1.2 от 01.09.2026');
      expect(text).toContain(squeeze(info.title.split(' ').slice(0, 3).join(' ')));
      const { width, height } = pageWords(file, 1);
      expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    },
  );

  it.each(NAMES_THE_CLIENT.map((kind) => kind.code))(
    '%s names the client and carries the signature block when signed',
    async (code) => {
      const { text } = await renderSample(code);
      expect(text).toContain('Смирнова Анна Сергеевна');
      expect(text).toContain(SIGNED_TITLE);
      expect(text).toContain('Подписант: Смирнова Анна Сергеевна');
      expect(text).toMatch(/Дата и время подписания: \d{2}\.\d{2}\.2026 \d{2}:\d{2}:\d{2} \(МСК\)/);
      expect(text).toContain('АСП (SMS-код), код подтверждения ****12');
      expect(text).toContain('Телефон: +7 912 ***-**-89; IP-адрес: 203.0.113.45');
      expect(text).not.toContain('482912');
      expect(text).not.toContain(UNSIGNED_LINE);
    },
  );
});

describe('renderDocument: individual terms', () => {
  const data = SAMPLE_DATA.individual_terms;

  it('states the sum, the rate, the ПСК and the single payment', async () => {
    const { text } = await renderToFile('individual_terms', data);
    expect(text).toContain('Смирнова Анна Сергеевна');
    expect(text).toContain('Договор потребительского микрозайма № ZM-2026-000123 от 22.10.2026');
    expect(text).toContain(squeeze(formatMoney(loan.principal)));
    expect(text).toContain('292,000 % годовых');
    expect(text).toContain('0,8 % в день');
    expect(text).toContain(squeeze(formatMoney(loan.psk.amount)));
    expect(text).toContain('Один платеж в размере 12 400 ₽');
    expect(text).toContain('не позднее 21.11.2026');
    expect(text).toContain('20 % годовых');
    expect(text).toContain('страхование «Защита заемщика» стоимостью 490 ₽');
  });

  it('puts the charges cap warning on the first page, before the table', async () => {
    const { file } = await renderToFile('individual_terms', data);
    const firstPage = squeeze(pdfText(file, ['-f', '1', '-l', '1']));
    const warning = firstPage.indexOf('достигнет 100 % суммы предоставленного займа (10 000 ₽)');
    expect(warning).toBeGreaterThan(-1);
    expect(warning).toBeLessThan(firstPage.indexOf('Содержание условия'));
  });

  it('draws the ПСК box in the top right quarter of page 1', async () => {
    const { file } = await renderToFile('individual_terms', data);
    const { width, height, words } = pageWords(file, 1);
    const caption = words.find((word) => word.text === 'Полная');
    expect(caption).toBeDefined();
    expect(caption?.xMin).toBeGreaterThan(width / 2);
    expect(caption?.yMax).toBeLessThan(height / 2);
    const topRight = squeeze(
      regionText(file, 1, { x: width / 2, y: 0, width: width / 2, height: height / 2 }),
    );
    expect(topRight).toContain('Полная стоимость кредита (займа)');
    expect(topRight).toContain('292,000 %');
    expect(topRight).toContain(squeeze(formatMoney(loan.psk.amount)));
    const topLeft = squeeze(
      regionText(file, 1, { x: 0, y: 0, width: width / 2, height: height / 4 }),
    );
    expect(topLeft).not.toContain('Полная стоимость');
  });

  it('keeps a large ПСК amount inside its cell', async () => {
    const big = {
      ...data,
      loan: { ...loan, psk: { percent: '292.000', amount: roubles(1_234_567) } },
    };
    const { file } = await renderToFile('individual_terms', big);
    const box = pskBoxRect();
    const inBox = squeeze(regionText(file, 1, box));
    expect(inBox).toContain(squeeze(formatMoney(roubles(1_234_567))));
  });

  it('has no ПСК box on other documents', async () => {
    const { file } = await renderToFile('payment_schedule', SAMPLE_DATA.payment_schedule);
    const words = pageWords(file, 1).words.filter((word) => word.text === 'Полная');
    expect(words.every((word) => word.yMin > pskBoxRect().y + pskBoxRect().height)).toBe(true);
  });
});

describe('renderDocument: the law cited for the charges cap', () => {
  const CAP = 'части 24 статьи 5 Федерального закона от 21.12.2013 № 353-ФЗ';

  it.each([
    ['individual_terms', 'в пределах ограничений ' + CAP],
    ['terms_of_service', 'размер, установленный ' + CAP],
    ['prolongation_agreement', '(часть 24 статьи 5 Федерального закона от 21.12.2013 № 353-ФЗ'],
  ] as const)(
    '%s cites 353-FZ art. 5 part 24, never art. 12.1 or 151-FZ art. 12',
    async (kind, cite) => {
      const { text } = await renderSample(kind);
      expect(text).toContain(squeeze(cite));
      expect(text).not.toMatch(/стать[а-я]* 12\.1/);
      expect(text).not.toMatch(/стать[а-я]* 12 Федерального закона[^,]*151-ФЗ/);
    },
  );
});

describe('renderDocument: credit holiday notice', () => {
  it('states the ground and its law, the period, no penalty, and the new schedule', async () => {
    const { text } = await renderSample('credit_holiday_notice');
    expect(text).toContain('Уведомление об изменении условий: кредитные каникулы');
    expect(text).toContain('с 27.11.2026 по 26.02.2027 включительно');
    expect(text).toContain('статья 6.1-1 Федерального закона от 21.12.2013 № 353-ФЗ');
    expect(text).toContain('неустойка (штраф, пени) не начисляется');
    expect(text).toContain('Дата платежа до изменения 21.11.2026');
    expect(text).toContain('Новая дата платежа 26.02.2027');
    expect(text).toContain('13 000 ₽');
    expect(text).toContain('0,8 % в день — ставка договора');
  });

  it('names 377-FZ and the holiday’s lower rate for the mobilised', async () => {
    const data = {
      ...SAMPLE_DATA.credit_holiday_notice,
      ground: 'service' as const,
      holidayDayPercent: '0.5',
    };
    const { text } = await renderToFile('credit_holiday_notice', data);
    expect(text).toContain('07.10.2022 № 377-ФЗ');
    expect(text).toContain('0,5 % в день (не выше ставки договора 0,8 % в день)');
  });
});

describe('renderDocument: closure certificate', () => {
  it('states the contract, the amount, the day of full repayment and the company signature', async () => {
    const { text } = await renderSample('closure_certificate');
    expect(text).toContain('Справка о погашении займа');
    expect(text).toContain(
      'по договору потребительского микрозайма № ZM-2026-000123 от 22.10.2026',
    );
    expect(text).toContain('Смирнова Анна Сергеевна');
    expect(text).toContain('Сумма займа 10 000 ₽');
    expect(text).toContain('Дата полного погашения 18.11.2026');
    expect(text).toContain('18.11.2026 полностью погасил(а) заем');
    expect(text).toContain('Обязательства Заемщика по договору исполнены в полном объеме');
    expect(text).toContain('Уплачено по договору, всего 12 160 ₽');
    expect(text).toContain('Генеральный директор');
    expect(text).toContain('М. П.');
    expect(text).not.toContain(UNSIGNED_LINE);
    expect(text).not.toContain(SIGNED_TITLE);
    expect(text).not.toContain('бюро кредитных историй');
  });

  it('says when the bureau was told of the repayment, once it acknowledged it', async () => {
    const { text } = await renderToFile('closure_certificate', {
      ...SAMPLE_DATA.closure_certificate,
      bureauReportedOn: '2026-11-19',
    });
    expect(text).toContain('Сведения о погашении переданы в бюро кредитных историй 19.11.2026.');
  });
});

describe('renderDocument: insurance refusal', () => {
  it('cites 353-ФЗ ст. 7 ч. 2.7 and states the sum, the date and the refund deadline', async () => {
    const { text } = await renderSample('insurance_refusal');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Заявление об отказе от дополнительной услуги страхования');
    expect(flat).toContain('части 2.7 статьи 7 Федерального закона от 21.12.2013 № 353-ФЗ');
    expect(flat).toContain('Сумма к возврату 490 ₽');
    expect(flat).toContain('Дата заявления 10.11.2026');
    expect(flat).toContain('Срок возврата — не позднее 19.11.2026');
    expect(flat).toContain('кабинете заемщика 10.11.2026 12:15:00 (МСК)');
  });
});

describe('ПСК box geometry', () => {
  it('takes at least 5 % of the first page and stays in its top right quarter', () => {
    const box = pskBoxRect();
    expect(box.width * box.height).toBeGreaterThanOrEqual(0.05 * PAGE_WIDTH * PAGE_HEIGHT);
    expect(box.x).toBeGreaterThanOrEqual(PAGE_WIDTH / 2);
    expect(box.x + box.width).toBeLessThanOrEqual(PAGE_WIDTH);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PAGE_HEIGHT / 2);
  });
});

describe('renderDocument: other content', () => {
  it('prolongation agreement states the new due date, the price and the unchanged principal', async () => {
    const { text } = await renderToFile(
      'prolongation_agreement',
      SAMPLE_DATA.prolongation_agreement,
    );
    expect(text).toContain('Дополнительное соглашение о пролонгации № 1');
    expect(text).toContain('к договору потребительского микрозайма № ZM-2026-000123 от 22.10.2026');
    expect(text).toContain('продлевается на 14 дней');
    expect(text).toContain('05.12.2026');
    expect(text).toContain('Сумма основного долга составляет 10 000 ₽ и не изменяется');
    expect(text).toContain('2 400 ₽');
    expect(text).toContain('Новая дата возврата 05.12.2026 Сумма к возврату 11 120 ₽');
    expect(text).toContain('ПСК с учетом пролонгации 279,227 % годовых; 3 520 ₽');
    expect(text).toContain('В эту дату Заемщик возвращает 11 120 ₽');
  });

  it('payment schedule lists the one payment with its parts', async () => {
    const { text } = await renderToFile('payment_schedule', SAMPLE_DATA.payment_schedule);
    expect(text).toMatch(/1 21\.11\.2026 12 400 ₽ 10 000 ₽ 2 400 ₽ 0 ?₽/);
    expect(text).toContain('292,000 % годовых; 2 400 ₽');
  });

  it('insurance application names the programme and its price', async () => {
    const { text } = await renderToFile('insurance_application', SAMPLE_DATA.insurance_application);
    expect(text).toContain('Защита заемщика');
    expect(text).toContain('490 ₽');
    expect(text).toContain('тридцати календарных дней');
  });

  it('runs long documents over several numbered pages', async () => {
    const { file, text } = await renderToFile('individual_terms', SAMPLE_DATA.individual_terms);
    const pages = pageCount(file);
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Стр. ${page} из ${pages}`);
  });
});

describe('renderDocument: signatures and missing details', () => {
  it('marks an unsigned client document as not signed', async () => {
    const { signature: _signature, ...unsigned } = SAMPLE_DATA.individual_terms;
    const { text } = await renderToFile('individual_terms', unsigned);
    expect(text).toContain(UNSIGNED_LINE);
    expect(text).not.toContain(SIGNED_TITLE);
  });

  it('prints neither line on the company’s own documents', async () => {
    const { text } = await renderToFile('privacy_policy', SAMPLE_DATA.privacy_policy);
    expect(text).not.toContain(UNSIGNED_LINE);
    expect(text).not.toContain(SIGNED_TITLE);
  });

  it('prints a dash for details not filled in yet', async () => {
    const data = { ...SAMPLE_DATA.personal_data_consent, client: { phone: '+79123456789' } };
    const { text } = await renderToFile('personal_data_consent', data);
    expect(text).toContain('Фамилия, имя, отчество —');
    expect(text).toContain('Дата рождения —');
    expect(text).toContain('Подписант: —');
    expect(text).not.toMatch(/undefined|null|NaN/);
  });

  it('gives the same bytes for the same input, so a signed copy can be hashed', async () => {
    const first = await renderDocument('payment_schedule', SAMPLE_DATA.payment_schedule);
    const second = await renderDocument('payment_schedule', SAMPLE_DATA.payment_schedule);
    expect(first.equals(second)).toBe(true);
    const other = await renderDocument('payment_schedule', {
      ...SAMPLE_DATA.payment_schedule,
      client: { ...client, fullName: 'Петров Петр Петрович' },
    });
    expect(first.equals(other)).toBe(false);
  });
});
