import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { defaultPublicUrl } from '../../config';
import { CONTENT_SECURITY_POLICY } from '../../http/security-headers';
import type { RouteOptions } from '../../http/route-plugin';
import * as api from './api';
import * as sbp from './sbp';
import { sbpQrPage } from './sbp-page';
import { cardPage, confirmThreeDs, type PageMode } from './card-page';
import type { Params, SandboxGateway, SandboxReply } from './core';
import { SandboxGatewayError } from './errors';
import { SandboxNotifier } from './notifier';

/*
 * The Best2Pay-compatible sandbox gateway, mounted at /sandbox/best2pay in sandbox mode. Same
 * paths, parameters, signatures and answers as the real gateway for the calls we use, a card
 * page with test cards, and signed notifications posted to our notify route.
 */

export const SANDBOX_BEST2PAY_PREFIX = '/sandbox/best2pay';

const FORM_BODY_LIMIT = 16 * 1024;
const HIDDEN = { hide: true } as const;

type ApiHandler = (gateway: SandboxGateway, params: Params) => Promise<SandboxReply>;

const API_CALLS: Readonly<Record<string, ApiHandler>> = {
  'webapi/Register': api.register,
  'webapi/Order': api.order,
  'webapi/Operation': api.operation,
  'webapi/PurchaseByToken': api.purchaseByToken,
  'webapi/Reverse': api.reverse,
  'webapi/Complete': api.complete,
  'gateweb/P2PCredit': api.p2pCredit,
  'webapi/sbp/GetSBPBankList': sbp.sbpBankList,
  'webapi/sbp/SBPCreditPrecheck': sbp.sbpCreditPrecheck,
  'webapi/sbp/SBPCredit': sbp.sbpCredit,
  'webapi/PurchaseSBPQRLink': sbp.purchaseSbpQrLink,
};

const PAGES: Readonly<Record<string, PageMode>> = {
  'webapi/Purchase': 'Purchase',
  'webapi/Authorize': 'Authorize',
};

export const best2paySandbox: FastifyPluginAsync<RouteOptions> = async (
  app,
  { ctx, composition },
) => {
  const { sector, password, notify, notifyUrl } = ctx.config.best2paySandbox;
  const notifier = new SandboxNotifier({
    db: ctx.db,
    clock: ctx.clock,
    sector,
    password,
    defaultUrl: notifyUrl,
    enabled: notify,
    fetch: composition.gatewayFetch,
    log: app.log,
  });
  app.addHook('onClose', () => notifier.close());
  const publicUrl =
    ctx.config.best2pay?.url ?? `${defaultPublicUrl(ctx.config)}${SANDBOX_BEST2PAY_PREFIX}`;
  const gateway: SandboxGateway = {
    db: ctx.db,
    clock: ctx.clock,
    sector,
    password,
    notifier,
    publicUrl,
  };
  acceptForms(app);

  for (const [path, handler] of Object.entries(API_CALLS)) {
    app.post(`/${path}`, { schema: HIDDEN }, async (request, reply) => {
      try {
        return send(reply, await handler(gateway, paramsOf(request)));
      } catch (error) {
        if (!(error instanceof SandboxGatewayError)) throw error;
        return send(reply, { kind: 'xml', body: error.toXml() });
      }
    });
  }
  for (const [path, mode] of Object.entries(PAGES)) {
    app.route({
      method: ['GET', 'POST'],
      url: `/${path}`,
      schema: HIDDEN,
      handler: async (request, reply) =>
        send(reply, await cardPage(gateway, mode, paramsOf(request))),
    });
  }
  app.route({
    method: ['GET', 'POST'],
    url: '/sbp/qr',
    schema: HIDDEN,
    handler: async (request, reply) => send(reply, await sbpQrPage(gateway, paramsOf(request))),
  });
  app.post('/acs', { schema: HIDDEN }, async (request, reply) =>
    send(reply, await confirmThreeDs(gateway, paramsOf(request))),
  );
};

function acceptForms(app: Parameters<FastifyPluginAsync>[0]): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

function stringsOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return Object.fromEntries(entries);
}

/** Query and form fields together (a page is opened by GET and posted to), the form winning. */
function paramsOf(request: FastifyRequest): Params {
  return { ...stringsOf(request.query), ...stringsOf(request.body) };
}

/** The page may run only its own inline script, by nonce. */
function policyWithNonce(nonce: string): string {
  return CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`);
}

function send(reply: FastifyReply, result: SandboxReply): FastifyReply {
  reply.header('cache-control', 'no-store');
  switch (result.kind) {
    case 'xml':
      return reply.type('text/xml; charset=UTF-8').send(result.body);
    case 'text':
      return reply.type('text/plain; charset=UTF-8').send(result.body);
    case 'lost':
      return reply.code(504).type('text/plain; charset=UTF-8').send('Gateway Timeout');
    case 'redirect':
      return reply.redirect(result.location, 303);
    case 'html':
      if (result.nonce) reply.header('content-security-policy', policyWithNonce(result.nonce));
      return reply.code(result.status).type('text/html; charset=utf-8').send(result.body);
  }
}
