import { randomInt } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { moscowDate } from '@zaymo/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { RouteOptions } from '../../http/route-plugin';
import { decodeCp1251, encodeCp1251 } from '../../integrations/bureau/nbki/cp1251';
import { readGutdfDocument } from '../../integrations/bureau/nbki/gutdf';
import { productErrorXml, productReplyXml } from '../../integrations/bureau/nbki/report-reply';
import {
  readProductRequest,
  type ReadRequest,
} from '../../integrations/bureau/nbki/report-request';
import { ticketXml } from '../../integrations/bureau/nbki/ticket';
import { checkDocument } from './reporting';
import { sandboxAnswerFor } from './rules';
import { knownDealsWithContract, recordAccepted } from './store';

/*
 * The НБКИ-compatible sandbox bureau, mounted at /sandbox/nbki in sandbox mode: the B2B credit
 * report (POST /products/B2BRequestServlet, windows-1251 XML in and out, the member's
 * credentials checked) answering by the tester's words in the birth place (rules.ts), and the
 * upload of GUTDF documents (POST /products/B2BRUTDF) answered by a receipt, each event id
 * counted once.
 */

export const SANDBOX_NBKI_PREFIX = '/sandbox/nbki';

const HIDDEN = { hide: true } as const;
const BODY_LIMIT = 4 * 1024 * 1024;
const REPORT_TYPE = 'text/xml; charset=windows-1251';

function sendReport(reply: FastifyReply, xml: string): FastifyReply {
  return reply.type(REPORT_TYPE).send(Buffer.from(encodeCp1251(xml)));
}

function bytesOf(body: unknown): Uint8Array {
  return Buffer.isBuffer(body) ? body : new Uint8Array();
}

export const nbkiSandbox: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const member = ctx.config.bureauSandbox;
  // Silence lasts past any time-out the server waits; it ends when the app closes.
  const silenceMs = 2 * (ctx.config.bureau?.timeoutMs ?? 20_000);
  const closing = new AbortController();
  app.addHook('onClose', async () => closing.abort());
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );

  const credentialsProblem = (request: ReadRequest): string | null => {
    const ours =
      request.member.memberCode === member.memberCode &&
      request.member.userId === member.userId &&
      request.password === member.password;
    if (!ours) return 'Неверные учётные данные участника (MemberCode, UserID, Password)';
    if (!request.hasConsent) return 'Нет сведений о согласии субъекта (ConsentReq)';
    if (!request.surname || !request.birthDate) return 'Нет сведений о субъекте (PersonReq)';
    return null;
  };

  app.post('/products/B2BRequestServlet', { schema: HIDDEN }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    let read: ReadRequest;
    try {
      read = readProductRequest(decodeCp1251(bytesOf(request.body)));
    } catch {
      return sendReport(reply, productErrorXml('1', 'Запрос не является XML продукта НБКИ'));
    }
    const problem = credentialsProblem(read);
    if (problem) return sendReport(reply, productErrorXml('2', problem));
    const today = moscowDate(ctx.clock.now());
    const answer = sandboxAnswerFor(read.birthPlace, today);
    switch (answer.kind) {
      case 'silence':
        await delay(silenceMs, undefined, { signal: closing.signal }).catch(() => undefined);
        return reply.code(504).type('text/plain; charset=utf-8').send('Gateway Timeout');
      case 'failure':
        return reply.code(500).type('text/plain; charset=utf-8').send('Internal Server Error');
      case 'no_record':
        return sendReport(reply, productReplyXml(null));
      case 'report':
        return sendReport(
          reply,
          productReplyXml({
            today,
            person: {
              surname: read.surname ?? '',
              name: read.name ?? '',
              birthDate: read.birthDate ?? '',
            },
            selfBan: answer.selfBanSince ? { since: answer.selfBanSince } : null,
            accounts: answer.accounts,
          }),
        );
    }
  });

  app.post('/products/B2BRUTDF', { schema: HIDDEN }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const now = ctx.clock.now();
    let document: ReturnType<typeof readGutdfDocument>;
    try {
      document = readGutdfDocument(new TextDecoder().decode(bytesOf(request.body)));
    } catch {
      return reply.code(400).type('text/plain; charset=utf-8').send('Документ не является GUTDF');
    }
    const number = document.number ?? '';
    const dealUids = document.events.flatMap((event) => (event.dealUid ? [event.dealUid] : []));
    const verdict = checkDocument(document.events, await knownDealsWithContract(ctx.db, dealUids));
    await recordAccepted(ctx.db, verdict.accepted, number, now);
    const xml = ticketXml({
      documentNumber: number,
      incomingNumber: `${moscowDate(now).replace(/-/g, '')}-${randomInt(1_000_000)}`,
      date: moscowDate(now),
      inn: ctx.config.company.inn,
      ogrn: ctx.config.company.ogrn,
      accepted: verdict.accepted.map((event) => event.id),
      errors: verdict.errors,
    });
    return reply.type('application/xml; charset=utf-8').send(xml);
  });
};
