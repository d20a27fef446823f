import { currentSession } from '../http/auth';
import { requestMeta } from '../http/request-meta';
import type { RoutePlugin } from '../http/route-plugin';
import { sendClientCode } from '../services/accounts/client-codes';
import { sendGuestCode } from '../services/accounts/send-code';
import { reportForeignOrder } from '../http/foreign-access';
import { route } from '../http/route';

export const smsRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'POST /sms/send_una', async (request) =>
    sendGuestCode(ctx, request.body, requestMeta(request)),
  );

  route(app, 'POST /sms/send', async (request) =>
    sendClientCode(ctx, currentSession(request), request.body, {
      ...requestMeta(request),
      onForeign: reportForeignOrder(request),
    }),
  );
};
