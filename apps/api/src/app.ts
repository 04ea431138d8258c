import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { REQUEST_MESSAGES } from '@reseau/contracts';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from './app-deps.js';
import { publicRoute } from './auth/guards.js';
import { createPrincipalResolver } from './auth/principal.js';
import { createPrincipalCache, PRINCIPAL_CHANGED_CHANNEL, type PrincipalCache } from './auth/principal-cache.js';
import { checkRouteAccess, type RouteAccess, recordWebRoutes, type WebRoute } from './auth/route-access.js';
import { secondFactorRule } from './auth/second-factor-requirement.js';
import { createTokenSigner, type TokenSigner } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { createSignatureProvider, type SignatureProvider } from './integrations/esign/index.js';
import { createMailer, type Mailer, type MailQueue } from './integrations/mail/mailer.js';
import { createPaymentProviders, type PaymentProviders } from './integrations/payment/index.js';
import { createPostgresSearchIndex } from './integrations/search/index.js';
import { createStorage } from './integrations/storage/create.js';
import type { FileStorage } from './integrations/storage/storage.js';
import { createRedisClient, createThrottleStore, type ThrottleStore } from './integrations/throttle/index.js';
import { createJobQueue, FINISHED_JOBS_PURGE_INTERVAL_MS, purgeFinishedJobs } from './jobs/background-jobs.js';
import { queueDepth } from './jobs/queue.js';
import { createScheduler, type Scheduler } from './jobs/scheduler.js';
import { audit, impersonationStartRecorder } from './kernel/audit.js';
import { registerFileHolders } from './kernel/files/holders.js';
import { LIVE_EVENTS_CHANNEL } from './kernel/live-events.js';
import { type BackgroundTasks, createBackgroundTasks } from './lib/background.js';
import { noStoreByDefault } from './lib/cache-control.js';
import { errorHandler } from './lib/error-handler.js';
import type { ZApp } from './lib/http.js';
import { createLifecycle, type Lifecycle } from './lib/lifecycle.js';
import { loggerOptions, OneLinePerRequest } from './lib/logger.js';
import { registerGauge, registerLabelledGauge } from './lib/metrics.js';
import { createReadCache, READS_CHANGED_CHANNEL, type ReadCache } from './lib/read-cache.js';
import { REQUEST_ID_HEADER, requestIdGenerator } from './lib/request-id.js';
import { recordRequestMetrics } from './lib/request-metrics.js';
import { API_SECURITY_HEADERS, ASSET_SECURITY_HEADERS, inlineScriptHashes, securityHeaders } from './lib/security-headers.js';
import { compiledSerializerCompiler } from './lib/serializer.js';
import { refuseUnstorableCharacters } from './lib/unstorable-characters.js';
import { FILE_HOLDERS } from './modules/files/holders-table.js';
import { loadModules, type ModuleName } from './modules/index.js';
import { createLiveStreams, type LiveStreams } from './modules/live-events/streams.js';
import { loadRoleCatalog, type RoleCatalog } from './modules/roles/catalog.js';
import { openApiOptions } from './openapi/document.js';
import { registerApiReference } from './openapi/reference-page.js';

// Zod's own messages (type errors and the like) in French, on every schema of the server.
z.config(z.locales.fr());

export interface BuildAppOptions {
  config: Config;
  database: Database;
  storage?: FileStorage;
  mailer?: Mailer;
  /** Test doubles of the outside services; by default built from the configuration. */
  payments?: PaymentProviders;
  signature?: SignatureProvider;
  /** server.ts passes the one it starts after listen; otherwise one that is never started. */
  scheduler?: Scheduler;
  logger?: FastifyServerOptions['logger'];
  throttle?: ThrottleStore;
  background?: BackgroundTasks;
  /** server.ts passes the one it drains on SIGTERM; otherwise one that never drains. */
  lifecycle?: Lifecycle;
  /** Prefix of every Redis key (tests give each app its own). */
  redisKeyPrefix?: string;
  /**
   * The domains whose routes are registered (modules/index.ts); all of them by default. A test
   * names the ones it calls, and starts faster: the others are neither imported nor registered.
   */
  modules?: readonly ModuleName[];
}

const MAIL_DRAIN_INTERVAL_MS = 3000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The API's paths (`/api`, `/api/…`, `/api?…`), as opposed to the web app's. */
const isApiPath = (url: string) => url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');

/** Who calls each request, with the cache of their standing and the rule of the second factor. */
function createCallers(db: Db, signer: TokenSigner, roles: RoleCatalog, config: Config) {
  const principals = createPrincipalCache();
  const secondFactorRequired = secondFactorRule(config.SECOND_FACTOR_REQUIRED_ROLES, roles);
  return { principals, callers: createPrincipalResolver(db, signer, { roles, cache: principals, secondFactorRequired }) };
}

/** The Fastify instance: used by server.ts and by every test. */
export async function buildApp(opts: BuildAppOptions): Promise<ZApp> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config.LOG_LEVEL),
    logController: new OneLinePerRequest(),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // The id is chosen by genReqId alone: it decides when a proxy's header is believed.
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();

  const keyPrefix = opts.redisKeyPrefix ?? config.REDIS_KEY_PREFIX;
  const redis = config.REDIS_URL ? createRedisClient(config.REDIS_URL, (msg, err) => app.log.error({ err }, msg)) : null;
  const storage = opts.storage ?? createStorage(config);
  const background = opts.background ?? createBackgroundTasks((label, err) => app.log.error({ err }, `${label} failed`));
  const mailQueue = opts.mailer
    ? null
    : createMailer(database.db, {
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        maxAttempts: config.MAIL_MAX_ATTEMPTS,
        retryBaseMs: config.MAIL_RETRY_BASE_SECONDS * 1000,
        leaseMs: config.MAIL_LEASE_SECONDS * 1000,
        log: (msg, err) => app.log.error({ err }, msg),
        run: (task) => background.run('mail delivery', task),
      });
  const mailer = opts.mailer ?? (mailQueue as Mailer);
  const signer = createTokenSigner(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS);
  const roles = await loadRoleCatalog(database.db);
  const { principals, callers } = createCallers(database.db, signer, roles, config);
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    storage,
    mailer,
    payments: opts.payments ?? createPaymentProviders(config, database.db),
    signature: opts.signature ?? createSignatureProvider(config, database.db, storage, mailer),
    search: createPostgresSearchIndex(database.db),
    scheduler: opts.scheduler ?? createScheduler(database, (name, err) => app.log.error({ err, job: name }, 'job failed')),
    signer,
    roles,
    secondFactorRequired: callers.secondFactorRequired,
    callers,
    throttle: opts.throttle ?? createThrottleStore(redis, keyPrefix),
    background,
    jobs: createJobQueue(database.db, {
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
      leaseMs: config.MAIL_LEASE_SECONDS * 1000,
      log: (msg, err) => app.log.error({ err }, msg),
      run: (task) => background.run('background jobs', task),
    }),
    reads: createReadCache(),
    redis,
    lifecycle: opts.lifecycle ?? createLifecycle(),
    live: createLiveStreams({ current: (principal) => callers.current(principal, app.log) }),
  };
  await runPlatform(app, deps, { mailQueue, principals });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ check: config.NODE_ENV !== 'production' }));
  app.setErrorHandler(errorHandler);

  const indexHtml = resolve(config.WEB_DIST_DIR, 'index.html');
  const pageHeaders = securityHeaders(existsSync(indexHtml) ? inlineScriptHashes(readFileSync(indexHtml, 'utf8')) : []);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(isApiPath(url) ? API_SECURITY_HEADERS : url.startsWith('/assets/') ? ASSET_SECURITY_HEADERS : pageHeaders);
    // Every answer names its request, so a user's report or the proxy's log leads to our lines.
    reply.header(REQUEST_ID_HEADER, request.id);
    // Draining: a kept-alive connection is closed after this answer, so the proxy's next request
    // opens a new one, to an instance that stays.
    if (deps.lifecycle.draining) reply.header('connection', 'close');
    done();
  });
  // Shared by every instance when Redis is configured, so that limits do not multiply with them.
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: `${keyPrefix}rate-limit:` } : {}) });
  await app.register(swagger, openApiOptions());

  const routeAccess: RouteAccess[] = [];
  app.decorate('routeAccess', routeAccess);
  const webRoutes: WebRoute[] = [];
  app.decorate('webRoutes', webRoutes);
  app.addHook('onRoute', recordWebRoutes(webRoutes));
  await registerApi(app, deps, principals, routeAccess, opts.modules);

  if (config.DEMO_MODE && config.NODE_ENV !== 'production') {
    const [{ devMailboxRoutes }, { devFixturesRoutes }] = await Promise.all([
      import('./modules/dev/mailbox.js'),
      import('./modules/dev/fixtures.js'),
    ]);
    await app.register(devMailboxRoutes(deps));
    await app.register(devFixturesRoutes(deps));
  }
  await registerWebApp(app, config);
  return app;
}

/**
 * What runs beside the routes on every instance: the live streams and their fan-out, the mail and
 * job queues' drains, the caches' invalidation across instances, the metrics; stopped in order
 * when the app closes (before the database).
 */
async function runPlatform(
  app: ZApp,
  deps: AppDeps,
  { mailQueue, principals }: { mailQueue: MailQueue | null; principals: PrincipalCache },
) {
  app.decorate('liveStreams', deps.live);
  // Before the server closes: it waits for every open response, and a stream never ends by itself.
  app.addHook('preClose', (done) => {
    deps.live.closeAll();
    done();
  });
  registerGauge(
    'reseau_live_streams_open',
    'Open live event streams (GET /live-events) on this instance',
    () => deps.live.openCount,
  );
  registerLabelledGauge('reseau_queue_depth', 'Mails and jobs waiting, being sent, or dead, by queue', ['queue', 'state'], () =>
    queueDepth(deps.db),
  );
  // A mail queued in a transaction, or left by a crash or an SMTP outage, goes out at the next tick.
  if (mailQueue && deps.config.SMTP_URL) deps.scheduler.every('mail outbox', MAIL_DRAIN_INTERVAL_MS, () => mailQueue.drain());
  deps.scheduler.every('background jobs', MAIL_DRAIN_INTERVAL_MS, () => deps.jobs.drain());
  deps.scheduler.every('finished-jobs-purge', FINISHED_JOBS_PURGE_INTERVAL_MS, () => purgeFinishedJobs(deps.db));
  app.addHook('onClose', async () => {
    // Before the database closes (the caller closes it after the app): a running job finishes.
    await deps.scheduler.stop();
    await deps.background.drain();
    // QUIT waits for an answer a lost Redis never gives: the stop would hang on it.
    if (deps.redis?.status === 'ready') await deps.redis.quit();
    else deps.redis?.disconnect();
  });
  await forgetCachesOnChange(app, deps.database, principals, deps.reads, deps.live);
  await listenForLiveEvents(app, deps.database, deps.live);
  recordRequestMetrics(app, deps.database);
}

/** Each instance keeps callers and lists in memory; another instance's write NOTIFYs them away. */
async function forgetCachesOnChange(
  app: ZApp,
  database: Database,
  principals: PrincipalCache,
  reads: ReadCache,
  live: LiveStreams,
) {
  // A revoked session's live stream ends as soon as the change is heard.
  const onPrincipalChanged = () => {
    principals.clear();
    void live.recheck();
  };
  const stopListening = await database
    .listen(PRINCIPAL_CHANGED_CHANNEL, { onMessage: onPrincipalChanged, onLive: (on) => principals.setLive(on) })
    .catch((err: unknown) => {
      // The cache stays off: every request asks the database, as if there were no cache.
      app.log.error({ err }, 'principal cache off: cannot listen for changes');
      return async () => {};
    });
  app.addHook('onClose', () => stopListening());
  const stopListeningReads = await database
    .listen(READS_CHANGED_CHANNEL, { onMessage: () => reads.clear(), onLive: (live) => reads.setLive(live) })
    .catch((err: unknown) => {
      app.log.error({ err }, 'read cache off: cannot listen for changes');
      return async () => {};
    });
  app.addHook('onClose', () => stopListeningReads());
}

/** Events published by any instance (kernel/live-events.ts) reach this instance's open streams. */
async function listenForLiveEvents(app: ZApp, database: Database, live: LiveStreams) {
  const stop = await database
    .listen(LIVE_EVENTS_CHANNEL, { onMessage: (payload) => live.dispatch(payload), onLive: (on) => live.setLive(on) })
    .catch((err: unknown) => {
      // No stream opens (503): the screens poll, as they did before live updates.
      app.log.error({ err }, 'live events off: cannot listen for them');
      return async () => {};
    });
  app.addHook('onClose', () => stop());
}

/** The `/api` routes, behind the hooks every one of them shares (access, principal, audit, caches). */
async function registerApi(
  app: ZApp,
  deps: AppDeps,
  principals: PrincipalCache,
  routeAccess: RouteAccess[],
  modules: BuildAppOptions['modules'],
) {
  await app.register(
    async (api) => {
      const zapi = api.withTypeProvider<ZodTypeProvider>();
      // Every route says who may call it, checked before the body is read (auth/route-access.ts).
      api.addHook('onRoute', checkRouteAccess(routeAccess));
      api.decorateRequest('principal', null);
      api.addHook('preValidation', refuseUnstorableCharacters);
      api.addHook('onSend', noStoreByDefault);
      // A write may have revoked a session or changed an account, an agency or a contract: this
      // instance forgets the callers and lists it knew before answering, so the caller's next
      // request cannot race the NOTIFY.
      api.addHook('onSend', (request, _reply, payload, done) => {
        if (!SAFE_METHODS.has(request.method)) {
          principals.clear();
          deps.reads.clear();
        }
        done(null, payload);
      });
      api.addHook('onRequest', async (request) => {
        request.principal = await deps.callers.fromRequest(request);
      });
      // Every write made while impersonating is kept with both ids (reads are in the request log).
      // A callback hook: most requests have nothing to audit, and need no promise for it.
      // The first request of an impersonation records its start (kernel/audit.ts).
      const impersonationStarted = impersonationStartRecorder(deps.db);
      api.addHook('onResponse', (request, reply, done) => {
        const p = request.principal;
        if (p?.kind !== 'admin' || p.impersonatedBy === null) return done();
        const started = impersonationStarted(p, request.ip);
        if (request.method === 'GET') return void started.then(() => done(), done);
        started
          .then(() =>
            audit(deps.db, {
              action: 'impersonated_request',
              actorAdminId: p.impersonatedBy,
              impersonatedAdminId: p.adminId,
              details: { method: request.method, route: request.routeOptions.url ?? request.url, status: reply.statusCode },
              ip: request.ip,
            }),
          )
          .then(() => done(), done);
      });
      api.get(
        '/docs/json',
        {
          schema: { hide: true, response: { 200: z.record(z.string(), z.unknown()) } },
          onRequest: publicRoute('the OpenAPI document describes the routes, never their data'),
        },
        async () => app.swagger(),
      );
      registerApiReference(api);
      // Who may read a file is each holding domain's rule: the kernel gets the list from here.
      registerFileHolders(FILE_HOLDERS);
      for (const mod of await loadModules(modules)) await mod(zapi, deps);
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send({ code: 'not_found', message: `Aucune route ${request.method} ${request.url}.` }),
      );
    },
    { prefix: '/api' },
  );
}

/**
 * Off unless TRUST_PROXY names the proxies: otherwise X-Forwarded-For would let any caller choose
 * the address that rate limits and the audit log see. Fastify ignores a bare hop count (it cannot
 * tell a proxy from a direct caller), so a count becomes the function that trusts that many hops;
 * it is safe only when the server is reachable through the proxies alone (README, decisions).
 */
function trustProxyOption(trust: Config['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/**
 * Hashed build assets never change under their name: a browser keeps them for a year without
 * asking again. Anything else of the build (favicon, index.html) is checked on each use, so a
 * new release shows at the next load.
 */
export function staticCacheControl(path: string): string {
  return /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The compressed copies of index.html the build writes, best first. */
const PAGE_COPIES = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/** Serves the built web app: `/` goes to the extranet; every other path is the app's. */
async function registerWebApp(app: ZApp, config: Config) {
  const dist = resolve(config.WEB_DIST_DIR);
  const indexPath = join(dist, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (apps/web/build/precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', staticCacheControl(path)),
    });
  }
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect('/extranet'));
  app.setNotFoundHandler(async (request, reply) => {
    // A missing build asset is a 404: an old release asking for its chunks must not get the page.
    if (request.method !== 'GET' || !hasWeb || request.url.startsWith('/assets/')) {
      return reply.status(404).send({ code: 'not_found', message: REQUEST_MESSAGES.pageNotFound });
    }
    // The web app decides between a screen and its page-not-found screen. The build's brotli or
    // gzip copy when the browser takes it (the page carries the landing-page preload map).
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const copy = PAGE_COPIES.find(([encoding, ext]) => accepted.includes(encoding) && existsSync(indexPath + ext));
    reply.type('text/html').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (!copy) return reply.send(await readFile(indexPath, 'utf8'));
    return reply.header('content-encoding', copy[0]).send(await readFile(indexPath + copy[1]));
  });
}
