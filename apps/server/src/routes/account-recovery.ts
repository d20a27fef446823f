import { currentSession, optionalSession } from '../http/auth';
import { isAppError } from '../errors';
import { requestBaseUrl } from '../http/public-url';
import { requestMeta } from '../http/request-meta';
import type { RoutePlugin } from '../http/route-plugin';
import { presentClient } from '../services/accounts/clients';
import {
  confirmEmail,
  exchangeLoginLink,
  resetPasswordByLink,
  sendEmailConfirmation,
  sendLoginLink,
  sendPasswordResetLink,
} from '../services/accounts/email-flows';
import { resetPasswordBySms } from '../services/accounts/profile';
import { resetEmailHint, sendResetLinkByCode } from '../services/accounts/reset-email';
import { presentSignedIn } from '../services/accounts/signin';
import { route } from '../http/route';
const OK = { data: { ok: true as const } };

export const accountRecoveryRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'POST /clients/email/confirmation', async (request) => ({
    data: await sendEmailConfirmation(
      ctx,
      currentSession(request),
      requestMeta(request),
      requestBaseUrl(ctx.config, request),
    ),
  }));

  route(app, 'POST /clients/email/confirm', async (request) => {
    const session = await optionalSession(ctx, request);
    const operator = session?.operatorName ?? null;
    const client = await confirmEmail(ctx, request.body.token, requestMeta(request), operator);
    return { data: { client: presentClient(client, null) } };
  });

  route(app, 'GET /clients/email/confirm', async (request, reply) => {
    const confirmed = await confirmEmail(ctx, request.query.token, requestMeta(request)).then(
      () => true,
      (error: unknown) => {
        if (isAppError(error)) return false;
        throw error;
      },
    );
    return reply.redirect(`/person?email_confirmed=${confirmed ? 1 : 0}`, 302);
  });

  route(app, 'POST /clients/reset_by_email_url', async (request) => ({
    data: await sendPasswordResetLink(
      ctx,
      request.body.phone,
      requestMeta(request),
      requestBaseUrl(ctx.config, request),
    ),
  }));

  route(app, 'POST /clients/confirm_reset', async (request) => {
    await resetPasswordByLink(ctx, request.body, requestMeta(request));
    return OK;
  });

  route(app, 'POST /clients/reset_by_sms', async (request) => {
    await resetPasswordBySms(ctx, request.body, requestMeta(request));
    return OK;
  });

  route(app, 'POST /clients/reset_by_sms/email_hint', async (request) => ({
    data: await resetEmailHint(ctx, request.body, requestMeta(request)),
  }));

  route(app, 'POST /clients/reset_by_sms/email_link', async (request) => ({
    data: await sendResetLinkByCode(
      ctx,
      request.body,
      requestMeta(request),
      requestBaseUrl(ctx.config, request),
    ),
  }));

  route(app, 'POST /clients/login-link', async (request) => ({
    data: await sendLoginLink(
      ctx,
      request.body.phone,
      requestMeta(request),
      requestBaseUrl(ctx.config, request),
    ),
  }));

  route(app, 'POST /clients/social/exchange', async (request) =>
    presentSignedIn(await exchangeLoginLink(ctx, request.body.code, requestMeta(request))),
  );
};
