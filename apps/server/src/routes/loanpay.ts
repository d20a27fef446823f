import { LOANPAY_TOKEN_HEADER } from '@zaymo/contract';
import { requestBaseUrl } from '../http/public-url';
import type { RoutePlugin } from '../http/route-plugin';
import { paymentStatus, requireGateway } from '../services/payments';
import { lookupLoan, loanOfPayToken } from '../services/servicing/loanpay';
import { payLoanAsGuest } from '../services/servicing/client-payment';
import { route } from '../http/route';

/** Pay without signing in (payLoanpay): find the loan, pay it on the gateway page, see the result. */
export const loanpayRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  const { gateway } = composition;

  route(app, 'POST /loanpay/lookup', async (request) => ({
    data: await lookupLoan(ctx, {
      contractNumber: request.body.contract_number,
      birthDate: request.body.birth_date,
      ip: request.ip,
      log: request.log,
    }),
  }));

  route(app, 'POST /loanpay/payment/:contract', async (request) => {
    const answer = await payLoanAsGuest(ctx, requireGateway(gateway), request.log, {
      payToken: request.headers[LOANPAY_TOKEN_HEADER],
      contract: request.params.contract,
      request: request.body,
      idempotencyKey: request.headers['idempotency-key'],
      returnBaseUrl: requestBaseUrl(ctx.config, request),
    });
    return { data: answer };
  });

  route(app, 'GET /loanpay/callbackPayment', async (request) => {
    const loan = await loanOfPayToken(ctx, request.headers[LOANPAY_TOKEN_HEADER]);
    const answer = await paymentStatus(ctx, requireGateway(gateway), request.log, {
      clientId: loan.clientId,
      orderId: request.query.id,
    });
    return { data: answer };
  });
};
