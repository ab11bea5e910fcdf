import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { SESSION_COOKIE } from '@bahi/shared/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { trustProxyOption, type AppConfig } from './config';
import type { Db, Listen } from './db/client';
import type { Clock, Deps } from './deps';
import { HttpError } from './errors';
import { logRequestsAtDebug, loggingOptions, type LogFormat } from './logging';
import { createOtpSender, type OtpSender } from './otp';
import { isApiPath, registerCsrf } from './plugins/csrf';
import { registerAuditActor } from './plugins/audit';
import { answerFrameworkError, registerErrorHandler } from './plugins/errors';
import { isPageRequest, registerSecurityHeaders, type SecurityHeaders } from './plugins/headers';
import { registerMultipart } from './plugins/multipart';
import { registerPermissions } from './plugins/permissions';
import { registerScope } from './plugins/scope';
import { registerCostStripping } from './plugins/cost';
import { registerReadCache } from './plugins/read-cache';
import { registerReadReplica } from './plugins/read-replica';
import { responseSerializer } from './plugins/serializer';
import { refusingNullBytes } from './plugins/validator';
import { NO_CACHE, registerStaticApps } from './plugins/static';
import { accountRoutes } from './routes/account';
import { automatedBillRoutes } from './routes/automated-bill';
import { adminRoutes } from './routes/admin';
import { auditRoutes } from './routes/audit';
import { authRoutes } from './routes/auth';
import { settingsRoutes } from './routes/settings';
import { branchRoutes } from './routes/branches';
import type { ZodApp } from './routes/common';
import { healthRoutes } from './routes/health';
import { expenseRoutes } from './routes/expense';
import { partyRoutes } from './routes/party';
import { einvoiceRoutes } from './routes/einvoice';
import { ewayBillRoutes } from './routes/ewaybill';
import { paymentRoutes } from './routes/payment';
import { pdfRoutes } from './routes/pdf';
import { itemRoutes } from './routes/item';
import { purchaseRoutes } from './routes/purchase';
import { quotationRoutes } from './routes/quotation';
import { ledgerRoutes } from './routes/ledger';
import { reportRoutes } from './routes/report';
import { saleRoutes } from './routes/sale';
import { saleNoteRoutes } from './routes/sale-notes';
import { businessProfileRoutes } from './routes/business-profile';
import { publicShareRoutes, shareLinkRoutes } from './routes/share';
import { shellRoutes } from './routes/shell';
import { userRoutes } from './routes/users';
import { startBillScheduler, type BillScheduler } from './services/automated-bills/scheduler';
import { purgeExpiredAuthData } from './services/auth/housekeeping';
import type { AuthContext } from './services/auth/sessions';
import { ReadCache } from './services/read-cache';
import { ReplicaRouter, type ReplicaRouterOptions } from './services/read-replica';
import { databaseRateLimitStore } from './services/auth/rate-limit';
import { syncLocalRemotes } from './services/registry/local';
import { remoteOrigins } from './services/registry/origins';

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  /** The current time; tests move it to reach expiries. */
  clock?: Clock;
  /** Overrides the sender chosen by OTP_SENDER (tests read codes from an in-memory sender). */
  otpSender?: OtpSender;
  logger?: FastifyServerOptions['logger'];
  /** Without `logger`: JSON lines (the default) or lines for a person at a terminal (main.ts, from LOG_FORMAT). */
  logFormat?: LogFormat;
  /** The bearer token of /api/admin/* (main.ts: OPERATOR_TOKEN or `<DATA_DIR>/operator-token`); without one, admin is off. */
  operatorToken?: string;
  /** The database's NOTIFY (`Database.listen`): with it the read cache is on (services/read-cache.ts); without it, off. */
  listen?: Listen;
  /**
   * A streaming replica of `db` (main.ts: READ_DATABASE_URL) that `readReplica` routes may read; tests may also
   * give how its status and the primary's WAL position are read.
   */
  readReplica?: Pick<ReplicaRouterOptions, 'replica'> & Partial<Omit<ReplicaRouterOptions, 'primary'>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's automated-bills scheduler (null when AUTOMATED_BILLS_INTERVAL_SECONDS is 0). */
    automatedBills: BillScheduler | null;
    /** Starts draining (SIGTERM): readiness answers 503 so a proxy sends no new requests here. */
    drain(): void;
  }
}

const API_VERSION: string = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).version;

const HOUSEKEEPING_INTERVAL_MS = 30 * 60_000;


/** The whole HTTP application, not yet listening: `main.ts` listens, tests call `app.inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const logging: Pick<FastifyServerOptions, 'logger' | 'logController'> =
    options.logger !== undefined ? { logger: options.logger } : loggingOptions(config.logLevel, options.logFormat ?? 'json');
  let securityHeaders: SecurityHeaders = () => {};
  const app = Fastify({
    ...logging,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.bodyLimit,
    frameworkErrors: answerFrameworkError(() => securityHeaders),
  });
  if (logging.logController) logRequestsAtDebug(app);
  app.setValidatorCompiler(refusingNullBytes);
  app.setSerializerCompiler(responseSerializer);
  registerErrorHandler(app);
  // First, so every answer (swagger-ui, static files, 404s) carries the headers.
  securityHeaders = registerSecurityHeaders(app, config, () => remoteOrigins(db));

  const deps: Deps = {
    db,
    config,
    clock: options.clock ?? (() => new Date()),
    otpSender: options.otpSender ?? createOtpSender(config.otp),
    log: app.log,
    readCache: new ReadCache<AuthContext>(),
  };
  registerReadCache(app, deps.readCache, config.readCache ? options.listen : undefined);
  const replicaRouter = options.readReplica
    ? new ReplicaRouter({
        primary: db,
        maxLagMs: config.readReplicaMaxLagMs,
        retryMs: config.readReplicaRetrySeconds * 1000,
        onState: (state, err) =>
          state === 'down'
            ? app.log.warn({ err }, `The read replica cannot be reached: its reads go to the primary, tried again in ${config.readReplicaRetrySeconds} s`)
            : app.log.info('The read replica answers again: lists and reports read it'),
        ...options.readReplica,
      })
    : null;
  registerReadReplica(app, config, replicaRouter);

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(db, deps.clock),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests from your network. Please try again in ${context.after}.`, undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Bahi API',
        description:
          'Billing and inventory for Indian small businesses. Answers are `{ success: true, data }`; errors are ' +
          '`{ success: false, message, field? }`. Every write needs the header `X-Requested-With: XMLHttpRequest` ' +
          'and a JSON body.',
        version: API_VERSION,
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          operatorToken: { type: 'http', scheme: 'bearer', description: 'OPERATOR_TOKEN, or the file <DATA_DIR>/operator-token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // No validator badge: it would load an image from another host, which the CSP refuses.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
  await registerMultipart(app);
  app.decorateRequest('auth', null);
  registerAuditActor(app);
  registerPermissions(app);
  registerScope(app, db);
  registerCostStripping(app);
  registerCsrf(app, config);

  const scoped = (prefix: string, routes: (app: ZodApp) => void) =>
    app.register(async (scope) => routes(scope.withTypeProvider<ZodTypeProvider>()), { prefix });
  const lifecycle = { draining: false };
  app.decorate('drain', () => {
    lifecycle.draining = true;
  });
  app.decorate('automatedBills', null);
  await scoped('/api', (a) => healthRoutes(a, { db, isDraining: () => lifecycle.draining }));
  await scoped('/api/auth', (a) => authRoutes(a, deps));
  await scoped('/api/store-branch', (a) => branchRoutes(a, deps));
  await scoped('/api/user', (a) => userRoutes(a, deps));
  await scoped('/api/settings', (a) => settingsRoutes(a, deps));
  await scoped('/api/party', (a) => partyRoutes(a, deps));
  await scoped('/api/item', (a) => itemRoutes(a, deps));
  await scoped('/api/account', (a) => accountRoutes(a, deps));
  await scoped('/api/sale', (a) => saleRoutes(a, deps));
  await scoped('/api/sale', (a) => einvoiceRoutes(a, deps));
  await scoped('/api/sale', (a) => ewayBillRoutes(a, deps));
  await scoped('/api/sale', (a) => saleNoteRoutes(a, deps));
  await scoped('/api/sale', (a) => shareLinkRoutes(a, deps, 'SALE'));
  await scoped('/api/quotation', (a) => quotationRoutes(a, deps));
  await scoped('/api/quotation', (a) => shareLinkRoutes(a, deps, 'QUOTATION'));
  await scoped('/api/expense', (a) => expenseRoutes(a, deps));
  await scoped('/api/payment', (a) => paymentRoutes(a, deps));
  await scoped('/api/purchase', (a) => purchaseRoutes(a, deps));
  await scoped('/api/automated-bill', (a) => automatedBillRoutes(a, deps));
  await scoped('/api/settings', (a) => businessProfileRoutes(a, deps));
  await scoped('/api', (a) => pdfRoutes(a, deps));
  await scoped('/api', (a) => reportRoutes(a, deps));
  await scoped('/api', (a) => ledgerRoutes(a, deps));
  await scoped('/api', (a) => shellRoutes(a, deps));
  await scoped('/api/audit', (a) => auditRoutes(a, deps));
  await scoped('/api/admin', (a) =>
    adminRoutes(a, deps, { operatorToken: options.operatorToken ?? config.operatorToken }),
  );
  await scoped('', (a) => publicShareRoutes(a, deps));
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Every other API path is the API's JSON 404, before the shell's static files could look it up as a file (the
  // static handler refuses a path like /api//x with 403).
  app.all('/api/*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());

  const { shellDist, pageFile } = config.serveApps ? await registerStaticApps(app, config) : { shellDist: null, pageFile: () => 'index.html' };

  // Not async: awaiting a reply that is still streaming a file stacks listeners on the response.
  app.setNotFoundHandler((request, reply) => {
    // The shell is a single-page app: its routes (/parties, /store-branch/:id, ...) are all its index.html, but for
    // the pages its build prerendered (/login, /signup), whose HTML already holds the form.
    if (shellDist && isPageRequest(request)) {
      reply.header('cache-control', NO_CACHE).sendFile(pageFile(request.url), shellDist);
      return;
    }
    // The path is not echoed back: an answer must not reflect what a link put into it.
    reply.code(404).send({ success: false, message: isApiPath(request.url) ? 'No such API endpoint.' : 'Not found' });
  });

  let stopSync = () => {};
  let housekeeping: NodeJS.Timeout | undefined;
  const purge = () =>
    purgeExpiredAuthData(db, deps.clock(), config).catch((err) => app.log.warn({ err }, 'housekeeping failed'));
  app.addHook('onReady', async () => {
    const sync = syncLocalRemotes({ db, config, log: app.log });
    stopSync = sync.stop;
    await sync.done;
    await purge();
    housekeeping = setInterval(purge, HOUSEKEEPING_INTERVAL_MS).unref();
    if (config.automatedBillsIntervalSeconds > 0) {
      app.automatedBills = startBillScheduler({ db, clock: deps.clock, intervalSeconds: config.automatedBillsIntervalSeconds, log: app.log });
    }
  });
  // preClose: before the database goes, the scheduler finishes the bill it is issuing and starts no other.
  app.addHook('preClose', async () => {
    await app.automatedBills?.stop();
  });
  app.addHook('onClose', async () => {
    stopSync();
    clearInterval(housekeeping);
  });

  return app;
}
