import {
  errorResponses,
  sendSmsClientRequestSchema,
  sendSmsGuestRequestSchema,
  smsSentResponseSchema,
} from '@zaymo/contract';
import { currentSession } from '../http/auth';
import { requestMeta } from '../http/request-meta';
import type { RoutePlugin } from '../http/route-plugin';
import { sendClientCode } from '../services/accounts/client-codes';
import { sendGuestCode } from '../services/accounts/send-code';
import { reportForeignOrder } from '../http/foreign-access';

const TAGS = ['Коды из SMS'];
const LIMITS =
  'Код — 6 цифр, действует 5 минут, 5 попыток ввода; повторно — через 60 секунд; ' +
  'не больше 5 кодов в час на номер и 20 с одного IP. 429 содержит retry_after.';

export const smsRoutes: RoutePlugin = async (app, { ctx }) => {
  app.post(
    '/sms/send_una',
    {
      schema: {
        summary: 'Код гостю: регистрация, вход, смена пароля',
        // The same answer for every phone: a number that cannot use the code gets an SMS saying why.
        description: LIMITS,
        tags: TAGS,
        body: sendSmsGuestRequestSchema,
        response: {
          200: smsSentResponseSchema,
          ...errorResponses(400, 413, 415, 429, 503),
        },
      },
    },
    async (request) => sendGuestCode(ctx, request.body, requestMeta(request)),
  );

  app.post(
    '/sms/send',
    {
      config: { auth: 'client-not-operator', operatorRefusal: 'credentials' },
      schema: {
        summary: 'Код клиенту: смена телефона (на новый номер) или подписание',
        description:
          `${LIMITS} Оператору (режим CRM) — 403. Код подписания (purpose sign) привязан к ` +
          'заявке order_id и к документам: без prolongation — договор, с prolongation (дни) — ' +
          'дополнительное соглашение о продлении на эти дни. Для другого документа код не ' +
          'подходит и считается неверной попыткой.',
        tags: TAGS,
        body: sendSmsClientRequestSchema,
        response: {
          200: smsSentResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429, 503),
        },
      },
    },
    async (request) =>
      sendClientCode(ctx, currentSession(request), request.body, {
        ...requestMeta(request),
        onForeign: reportForeignOrder(request),
      }),
  );
};
