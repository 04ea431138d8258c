import type { Redis } from 'ioredis';
import type { CallerResolver } from './auth/principal.js';
import type { SecondFactorRule } from './auth/second-factor-requirement.js';
import type { TokenSigner } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { SignatureProvider } from './integrations/esign/index.js';
import type { Mailer } from './integrations/mail/mailer.js';
import type { PaymentProviders } from './integrations/payment/index.js';
import type { SearchIndex } from './integrations/search/index.js';
import type { FileStorage } from './integrations/storage/storage.js';
import type { ThrottleStore } from './integrations/throttle/store.js';
import type { JobQueue } from './jobs/background-jobs.js';
import type { Scheduler } from './jobs/scheduler.js';
import type { BackgroundTasks } from './lib/background.js';
import type { ZApp } from './lib/http.js';
import type { Lifecycle } from './lib/lifecycle.js';
import type { ReadCache } from './lib/read-cache.js';
import type { LiveStreams } from './modules/live-events/streams.js';
import type { RoleCatalog } from './modules/roles/catalog.js';

/**
 * What every module gets, from the composition root (app.ts): built once in buildApp (outside services reached through one object
 * each, never built again by a module), replaced by fakes in tests where useful.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  storage: FileStorage;
  mailer: Mailer;
  /** Card payments: PAYMENT_PROVIDER's provider, and each provider by name for its notifications. */
  payments: PaymentProviders;
  /** Electronic signature of quotations (ESIGN_PROVIDER). */
  signature: SignatureProvider;
  /** The global search index: every searchable entity's service writes through it. */
  search: SearchIndex;
  /** Periodic jobs: modules register with `every`; started by server.ts only, never in tests unless asked. */
  scheduler: Scheduler;
  signer: TokenSigner;
  roles: RoleCatalog;
  /** Whether a staff account must sign in with a second factor (SECOND_FACTOR_REQUIRED_ROLES). */
  secondFactorRequired: SecondFactorRule;
  /** Who calls: a bearer token's caller, or a staff session named by another credential (the search key). */
  callers: CallerResolver;
  /** Per-account and per-recipient counters (Redis when REDIS_URL is set). */
  throttle: ThrottleStore;
  background: BackgroundTasks;
  /** Durable deferred work (jobs/background-jobs.ts): what must survive a crash after the answer. */
  jobs: JobQueue;
  /** REDIS_URL's client (rate limits, throttles), null without it: the readiness answer pings it. */
  redis: Redis | null;
  /** Draining once server.ts was told to stop: the readiness answer says so. */
  lifecycle: Lifecycle;
  /** Lists read on nearly every screen, kept a few seconds by this instance (lib/read-cache.ts). */
  reads: ReadCache;
  /** This instance's open live-event streams (GET /live-events) and their dispatch. */
  live: LiveStreams;
}

/** A domain's routes: registered under /api. */
export type Module = (app: ZApp, deps: AppDeps) => void | Promise<void>;
