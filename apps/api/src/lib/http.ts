import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TokenSigner } from '../auth/tokens.js';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { Mailer } from '../integrations/mail/mailer.js';
import type { FileStorage } from '../integrations/storage/storage.js';
import type { RoleCatalog } from '../modules/roles/catalog.js';

export type ZApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every module gets: built once in buildApp, replaced by fakes in tests where useful. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  storage: FileStorage;
  mailer: Mailer;
  signer: TokenSigner;
  roles: RoleCatalog;
}

/** A domain's routes: registered under /api. */
export type Module = (app: ZApp, deps: AppDeps) => void | Promise<void>;

/** Rate limit for sign-in and mail-sending calls (per IP and route). */
export const authRateLimit = (deps: AppDeps) => ({
  rateLimit: { max: deps.config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: '1 minute' },
});
