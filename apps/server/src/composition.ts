import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { createCreditBureau, type CreditBureau } from './integrations/bureau';
import { createInnLookup, type InnLookup } from './integrations/fns/inn-lookup';
import type { PaymentsGateway } from './integrations/payments';
import type { Lifecycle } from './lifecycle';
import { keepMonthPartitionsAhead } from './db/partitions';
import { inProcessFetch } from './integrations/in-process-fetch';
import { createPaymentsGateway, gatewayFetch } from './services/payments';
import { CreditHistoryReporting } from './services/credit-history/reporting';
import { createGosuslugi, type Gosuslugi } from './services/esia/gosuslugi';
import { LoanBackground } from './services/scoring/background';
import { ServicingJobs } from './services/servicing/jobs';

/**
 * What the app builds once and hands to route plugins (their options) and, through them, to
 * services: the payment gateway and credit bureau adapters and the background jobs. Routes never
 * build adapters or start jobs themselves.
 */
export interface Composition {
  /** How the server reaches the card gateway: in-process for our sandbox, the network otherwise. */
  readonly gatewayFetch: typeof fetch;
  /** The configured card gateway, or null when card payments are not set up. */
  readonly gateway: PaymentsGateway | null;
  /** The credit bureau (НБКИ or its sandbox), or null when none is configured: nobody is lent to. */
  readonly bureau: CreditBureau | null;
  /** Scoring right after an order is made and the sweep for orders a restart left unscored. */
  readonly loans: LoanBackground;
  /** Accrual, autopay, refunds and reconciliation with the gateway. */
  readonly servicing: ServicingJobs;
  /** The ФНС look-up of a borrower's ИНН by passport (its sandbox in sandbox mode). */
  readonly innLookup: InnLookup;
  /** The credit history sent to the bureau (218-FZ art. 5). */
  readonly reporting: CreditHistoryReporting;
  /** Госуслуги (ЕСИА) and the biometric provider (ЕБС), each null when not connected. */
  readonly gosuslugi: Gosuslugi;
}

/** The one composition root: `app` is the root instance (its inject() is the sandbox's fetch). */
export function compose(app: FastifyInstance, ctx: AppContext): Composition {
  const fetchImpl = gatewayFetch(ctx.config, app);
  const gateway = createPaymentsGateway(ctx.config, fetchImpl);
  const bureauFetch = ctx.config.bureau?.inProcess ? inProcessFetch(app) : fetch;
  const bureau = createCreditBureau(ctx.config, bureauFetch, ctx.clock);
  const fnsFetch = ctx.config.fns.inProcess ? inProcessFetch(app) : fetch;
  return {
    gatewayFetch: fetchImpl,
    innLookup: createInnLookup(ctx.config.fns, fnsFetch),
    gateway,
    bureau,
    loans: new LoanBackground(ctx, bureau, app.log),
    servicing: new ServicingJobs(ctx, gateway, app.log),
    reporting: new CreditHistoryReporting(ctx, bureau, app.log),
    gosuslugi: createGosuslugi(ctx.config, app, ctx.clock),
  };
}

/**
 * Background jobs run in every instance (rows are taken FOR UPDATE SKIP LOCKED). They start when
 * the app is ready, after this month's and the coming months' log partitions are made; on
 * SIGTERM they take no new work at once, and closing waits for the run under way.
 */
export function runBackgroundJobs(
  app: FastifyInstance,
  ctx: AppContext,
  lifecycle: Lifecycle,
  composition: Composition,
): void {
  const { loans, servicing, reporting } = composition;
  const stop = (): Promise<unknown> =>
    Promise.all([loans.stop(), servicing.stop(), reporting.stop()]);
  app.addHook('onReady', async () => {
    await keepMonthPartitionsAhead(ctx, app.log);
    loans.startSweep();
    servicing.start();
    reporting.start();
  });
  lifecycle.onShutdown(() => void stop());
  app.addHook('onClose', async () => {
    await stop();
  });
}
