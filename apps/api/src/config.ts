import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public address of the web app, used in the links that mails carry. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: optionalText.pipe(z.url().optional()),
  PGLITE_DIR: z.string().default('./data/pglite'),
  FILES_DIR: z.string().default('./data/files'),
  JWT_SECRET: optionalText,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Réseau Énergie <ne-pas-repondre@reseau-energie.fr>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().default('../web/dist'),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  REDIS_URL: optionalText,
  /** Base of the agencies' public pages (the extranet's "renew contract" link). */
  AGENCY_PUBLIC_SITE_URL: z.url().default('https://www.reseau-energie.fr/agences'),
  /** `sandbox`: the built-in hosted payment page; `payplug`: PayPlug with each agency's secret key. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'payplug']).default('sandbox'),
  PAYPLUG_API_URL: z.url().default('https://api.payplug.com'),
  /** `sandbox`: the built-in signature page; `yousign`: Yousign API v3. */
  ESIGN_PROVIDER: z.enum(['sandbox', 'yousign']).default('sandbox'),
  YOUSIGN_API_URL: z.url().default('https://api-sandbox.yousign.app/v3'),
  YOUSIGN_API_KEY: optionalText,
  YOUSIGN_WEBHOOK_SECRET: optionalText,
});

export type Config = z.output<typeof schema> & { JWT_SECRET: string };

/** Reads and validates the environment once; nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuration invalide :\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (!config.JWT_SECRET) {
    if (config.NODE_ENV === 'production') throw new Error('Configuration invalide :\n  JWT_SECRET: requis en production');
    // A fixed development secret keeps sessions across restarts on a laptop; never used in production.
    config.JWT_SECRET = 'dev-only-secret-change-me-0123456789abcdef';
  }
  if (config.ESIGN_PROVIDER === 'yousign' && (!config.YOUSIGN_API_KEY || !config.YOUSIGN_WEBHOOK_SECRET)) {
    throw new Error('Configuration invalide :\n  YOUSIGN_API_KEY, YOUSIGN_WEBHOOK_SECRET: requis avec ESIGN_PROVIDER=yousign');
  }
  if (config.JWT_SECRET.length < 32) throw new Error('Configuration invalide :\n  JWT_SECRET: 32 caractères minimum');
  return config as Config;
}
