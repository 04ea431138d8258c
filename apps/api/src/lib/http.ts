import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';

export type ZApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Rate limit for sign-in and mail-sending calls (per IP and route); `deps`: the app's (app-deps.ts). */
export const authRateLimit = (deps: { config: Pick<Config, 'RATE_LIMIT_AUTH_PER_MINUTE'> }) => ({
  rateLimit: { max: deps.config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: '1 minute' },
});
