import { moscowDate } from '@zaymo/contract';
import type { Clock } from '../../../clock';
import {
  BureauRefusedError,
  BureauUnavailableError,
  type BureauExchange,
  type CreditBureau,
  type CreditEvent,
  type ReportAnswer,
  type ReportQuery,
  type SubmitAnswer,
} from '../types';
import { decodeCp1251, encodeCp1251 } from './cp1251';
import { gutdfDocumentXml, type GutdfSource } from './gutdf';
import { readProductReply } from './report-reply';
import { productRequestXml, withoutPassword, type RequestSettings } from './report-request';
import type { Envelope } from './signer';
import { readTicket } from './ticket';

/*
 * The НБКИ adapter: the credit report by B2B (one signed windows-1251 XML POSTed to
 * …/products/B2BRequestServlet, the signed report answered), and the credit-history events as a
 * signed GUTDF document POSTed to the reporting address, answered by the receipt. Any failure to
 * get an answer — time-out, network, 5xx, an answer we cannot read — is BureauUnavailableError:
 * the caller waits and asks again, never guesses.
 */

export interface NbkiSettings extends RequestSettings {
  readonly name: string;
  /** …/products/B2BRequestServlet */
  readonly reportUrl: string;
  /** Where GUTDF documents are posted (NBKI's B2B upload). */
  readonly reportingUrl: string;
  readonly source: GutdfSource;
  readonly timeoutMs: number;
  readonly envelope: Envelope;
  readonly fetch: typeof fetch;
  readonly clock: Clock;
}

const REPORT_XML = 'text/xml; charset=windows-1251';
const DOCUMENT_XML = 'application/xml; charset=utf-8';

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return `бюро не ответило за ${Math.round(timeoutMs / 1000)} с`;
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return `бюро не ответило за ${Math.round(timeoutMs / 1000)} с`;
  }
  return `бюро недоступно: ${error instanceof Error ? error.message : String(error)}`;
}

export class NbkiBureau implements CreditBureau {
  readonly name: string;

  constructor(private readonly settings: NbkiSettings) {
    this.name = settings.name;
  }

  async requestReport(query: ReportQuery): Promise<ReportAnswer> {
    const xml = productRequestXml(query, this.settings);
    const kept = withoutPassword(xml);
    const answer = await this.post(this.settings.reportUrl, encodeCp1251(xml), REPORT_XML, kept);
    const text = decodeCp1251(answer.bytes);
    const exchange: BureauExchange = { request: kept, answer: text, status: answer.status };
    const reply = this.read(
      () => readProductReply(text, moscowDate(this.settings.clock.now())),
      exchange,
    );
    if (reply.kind === 'error') {
      throw new BureauRefusedError(
        `бюро отклонило запрос: ${reply.code} ${reply.text}`,
        reply.code,
        exchange,
      );
    }
    return { report: reply.report, exchange };
  }

  async submitEvents(
    events: readonly CreditEvent[],
    documentNumber: string,
  ): Promise<SubmitAnswer> {
    const xml = gutdfDocumentXml({
      number: documentNumber,
      date: moscowDate(this.settings.clock.now()),
      source: this.settings.source,
      events,
    });
    const answer = await this.post(
      this.settings.reportingUrl,
      new TextEncoder().encode(xml),
      DOCUMENT_XML,
      xml,
    );
    const text = new TextDecoder().decode(answer.bytes);
    const exchange: BureauExchange = { request: xml, answer: text, status: answer.status };
    const receipt = this.read(() => readTicket(text), exchange);
    return { documentNumber, receipt, exchange };
  }

  private read<T>(parse: () => T, exchange: BureauExchange): T {
    try {
      return parse();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new BureauUnavailableError(`ответ бюро не прочитан: ${reason}`, exchange);
    }
  }

  private async post(url: string, bytes: Uint8Array, xmlType: string, kept: string) {
    const { envelope, timeoutMs } = this.settings;
    const failed = (message: string, status: number | null, answer: string | null = null) =>
      new BureauUnavailableError(message, { request: kept, answer, status });
    let response: Response;
    try {
      response = await this.settings.fetch(url, {
        method: 'POST',
        headers: { 'content-type': envelope.contentType(xmlType) },
        body: await envelope.wrap(bytes),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw failed(describe(error, timeoutMs), null);
    }
    let body: Uint8Array;
    try {
      body = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      throw failed(describe(error, timeoutMs), response.status);
    }
    if (!response.ok) {
      const text = new TextDecoder().decode(body).slice(0, 500);
      throw failed(`бюро ответило ${response.status}`, response.status, text);
    }
    try {
      return { status: response.status, bytes: await envelope.unwrap(body) };
    } catch (error) {
      throw failed(describe(error, timeoutMs), response.status);
    }
  }
}
