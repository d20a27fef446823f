import { russianZodErrorMap } from '@zaymo/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream, Logger } from 'pino';
import { z } from 'zod';
import { SharedClock, systemClock, type Clock } from './clock';
import { compose, runBackgroundJobs } from './composition';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import type { Database, DatabaseKind, PoolStats } from './db';
import { registerAuth } from './http/auth';
import { registerCompression } from './http/compression';
import { registerErrorHandler } from './http/error-handler';
import { healthProbeRoutes } from './http/health';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import { registerJsonBodyParser } from './http/json-body';
import { registerOpenApi } from './http/openapi';
import { registerReadAfterWrite } from './http/read-after-write';
import { checkEveryEndpointRouted, guardApiRoutes } from './http/route';
import { registerSafeTextGuard } from './http/safe-text';
import type { RoutePlugin } from './http/route-plugin';
import { registerSecurityHeaders } from './http/security-headers';
import { registerCrmStatic } from './http/static-crm';
import { registerSpa } from './http/static-spa';
import { createMessaging, type Messaging } from './integrations/messaging';
import { Lifecycle } from './lifecycle';
import { createLogger, requestLogger } from './logging';
import { measureHttp, measureMessaging } from './metrics/instrument';
import { AppMetrics } from './metrics/metrics';
import { metricsRoute } from './metrics/routes';
import { webDistFolder } from './paths';
import { pageDataOf } from './services/public-answers';
import { accountRecoveryRoutes } from './routes/account-recovery';
import { accountsRoutes } from './routes/accounts';
import { cardsRoutes } from './routes/cards';
import { clientDocumentsRoutes } from './routes/client-documents';
import { consentsRoutes, innRoutes } from './routes/consents';
import { crmAuthRoutes } from './routes/crm/auth';
import { crmBureauRoutes } from './routes/crm/bureau';
import { crmClientsRoutes } from './routes/crm/clients';
import { crmCollectionsRoutes } from './routes/crm/collections';
import { crmCreditHolidaysRoutes } from './routes/crm/credit-holidays';
import { creditHolidaysRoutes } from './routes/credit-holidays';
import { crmRemindersRoutes } from './routes/crm/reminders';
import { crmReviewRoutes } from './routes/crm/review';
import { crmSettingsRoutes } from './routes/crm/settings';
import { crmAdminRoutes } from './routes/crm/staff';
import { crmTicketsRoutes } from './routes/crm/tickets';
import { documentsRoutes } from './routes/documents';
import { esiaRoutes } from './routes/esia';
import { filesRoutes } from './routes/files';
import { healthRoutes } from './routes/health';
import { identityRoutes } from './routes/identity';
import { loanpayRoutes } from './routes/loanpay';
import { ordersRoutes } from './routes/orders';
import { payRoutes } from './routes/pay';
import { refusalRoutes } from './routes/refusal';
import { paymentSystemsRoutes } from './routes/payment-systems';
import { phoneConfirmationRoutes } from './routes/phone-confirmation';
import { registrationRoutes } from './routes/registration';
import { sbpRoutes } from './routes/sbp';
import { servicingRoutes } from './routes/servicing';
import { collectionsRoutes } from './routes/collections';
import { settingsRoutes } from './routes/settings';
import { smsRoutes } from './routes/sms';
import { suggestionsRoutes } from './routes/suggestions';
import { tariffsRoutes } from './routes/tariffs';
import { ticketsRoutes } from './routes/tickets';
import { sandboxPlugin } from './sandbox';
import { databaseClockStore } from './sandbox/clock';

/** Every route file of the API, mounted under /api. Add new ones here. */
const API_ROUTES: readonly RoutePlugin[] = [
  healthRoutes,
  settingsRoutes,
  registrationRoutes,
  accountsRoutes,
  accountRecoveryRoutes,
  phoneConfirmationRoutes,
  smsRoutes,
  identityRoutes,
  esiaRoutes,
  innRoutes,
  consentsRoutes,
  suggestionsRoutes,
  filesRoutes,
  cardsRoutes,
  payRoutes,
  paymentSystemsRoutes,
  tariffsRoutes,
  ordersRoutes,
  sbpRoutes,
  servicingRoutes,
  collectionsRoutes,
  loanpayRoutes,
  refusalRoutes,
  documentsRoutes,
  clientDocumentsRoutes,
  ticketsRoutes,
  // The operator console: /api/crm/*, tag crm.
  crmAuthRoutes,
  crmClientsRoutes,
  crmTicketsRoutes,
  crmReviewRoutes,
  crmAdminRoutes,
  crmSettingsRoutes,
  crmBureauRoutes,
  crmCollectionsRoutes,
  crmCreditHolidaysRoutes,
  creditHolidaysRoutes,
  crmRemindersRoutes,
];

export interface AppDeps {
  config: AppConfig;
  database: { db: Database; kind: DatabaseKind; replica?: Database; poolStats?: () => PoolStats };
  /** Shutdown state shared with main.ts (readiness); a fresh one when absent. */
  lifecycle?: Lifecycle;
  /** Prometheus metrics; a fresh registry when absent. */
  metrics?: AppMetrics;
  clock?: Clock;
  /** SMS and e-mail senders; built from the configuration when absent. */
  messaging?: Messaging;
  /** Where log lines go; stdout when absent. Tests pass a stream they read. */
  logStream?: DestinationStream;
  /** The process's logger (main.ts makes it before the database opens); one of its own when absent. */
  logger?: Logger;
  /** Routes only tests mount (under /api), next to the real ones. */
  extraApiRoutes?: readonly RoutePlugin[];
  /** The built SPA; apps/web/dist by default. */
  webDistFolder?: string;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  z.config({ customError: russianZodErrorMap });
  const { config } = deps;
  const clock = deps.clock ?? (await defaultClock(config, deps.database.db));
  const metrics = deps.metrics ?? new AppMetrics();
  const ctx: AppContext = {
    config,
    db: deps.database.db,
    replica: deps.database.replica,
    dbKind: deps.database.kind,
    clock,
    messaging: measureMessaging(
      deps.messaging ?? createMessaging(config, deps.database.db, clock),
      metrics,
    ),
  };
  const logger: FastifyBaseLogger = deps.logger ?? createLogger(config.logLevel, deps.logStream);
  const app = Fastify({
    loggerInstance: logger,
    childLoggerFactory: requestLogger,
    bodyLimit: config.bodyLimitBytes,
    // Only the configured proxies' X-Forwarded-* count (TRUST_PROXY); nobody else's.
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
    frameworkErrors,
    clientErrorHandler,
    // A request that reaches a closing instance (on a kept-alive connection nginx picked just as
    // the close began) is answered, not shed with Fastify's English 503: nginx retries only a
    // refused or reset connection, so the 503 would reach the client. The answer says
    // `Connection: close`, and nginx sends the next request to another instance.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routed = guardApiRoutes(app);
  const lifecycle = deps.lifecycle ?? new Lifecycle();
  app.decorate('lifecycle', lifecycle);
  app.decorate('metrics', metrics);
  registerMetrics(app, ctx, metrics, deps.database.poolStats);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerSecurityHeaders(app, config);
  registerAuth(app, ctx);
  registerReadAfterWrite(app, ctx);
  registerSafeTextGuard(app);
  await registerCompression(app);
  await registerOpenApi(app, config.company.brand);
  const operations = [healthProbeRoutes(lifecycle)];
  const token = config.operations.metricsToken;
  if (token) operations.push(metricsRoute(metrics, token));
  const composition = compose(app, ctx);
  runBackgroundJobs(app, ctx, lifecycle, composition);
  for (const routes of [...API_ROUTES, ...operations, ...(deps.extraApiRoutes ?? [])]) {
    await app.register(routes, { prefix: '/api', ctx, composition });
  }
  if (config.sandbox) await app.register(sandboxPlugin, { ctx, composition });
  checkEveryEndpointRouted(routed, config);
  await registerCrmStatic(app);
  await registerSpa(app, {
    distFolder: deps.webDistFolder ?? webDistFolder(),
    brand: config.company.brand,
    pageData: (pagePath) => pageDataOf(ctx, pagePath),
  });
  if (clock instanceof SharedClock) {
    app.addHook('onReady', async () =>
      clock.start((error) => app.log.warn({ err: error }, 'clock')),
    );
    app.addHook('onClose', async () => clock.stop());
  }
  return app;
}

function registerMetrics(
  app: FastifyInstance,
  ctx: AppContext,
  metrics: AppMetrics,
  poolStats: (() => PoolStats) | undefined,
): void {
  measureHttp(app, metrics);
  metrics.watchDatabase(ctx.db, () => ctx.clock.now());
  if (poolStats) metrics.watchPool(poolStats);
}

/** The sandbox shares its movable date through the database (POST /api/dev/clock). */
async function defaultClock(config: AppConfig, db: Database): Promise<Clock> {
  if (!config.sandbox) return systemClock;
  const clock = new SharedClock(databaseClockStore(db));
  await clock.refresh();
  return clock;
}
