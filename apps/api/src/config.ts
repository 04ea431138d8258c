import { isIP } from 'node:net';
import { PERMISSION_CODES, type PermissionCode, ROLES } from '@reseau/contracts';
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** An empty value counts as unset, as in a .env file or a compose file with `VAR=`. */
const optionalBoolean = optionalText.pipe(
  z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /**
   * The only switch for the development conveniences (built-in JWT secret, /dev/mailbox,
   * sandbox providers and demo seed as defaults). `npm start` passes `--demo`, which sets it.
   */
  DEMO_MODE: optionalBoolean.transform((v) => v ?? false),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Public address of the web app, used in the links that mails carry. Default: where we listen. */
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  DATABASE_URL: optionalText.pipe(z.url().optional()),
  /** How long the server retries an unreachable PostgreSQL at start before giving up. */
  DATABASE_START_TIMEOUT_SECONDS: z.coerce.number().int().min(0).default(60),
  PGLITE_DIR: z.string().default('./data/pglite'),
  FILES_DIR: z.string().default('./data/files'),
  /**
   * `true`: every instance on DATABASE_URL sees this same FILES_DIR (a shared mount), or there is
   * only one. Required with PostgreSQL and local files (checkSharedFiles says why).
   */
  FILES_DIR_SHARED: optionalBoolean,
  /** Set: files go to this S3 bucket instead of FILES_DIR. */
  FILES_S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'nom de bucket S3 invalide (3 à 63 caractères : a-z, 0-9, point, tiret)')
      .optional(),
  ),
  FILES_S3_REGION: optionalText,
  /** An S3-compatible service (MinIO, Scaleway, OVH…); unset: AWS. */
  FILES_S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Both or neither: unset, the SDK's default chain (AWS_* variables, instance or task role). */
  FILES_S3_ACCESS_KEY_ID: optionalText,
  FILES_S3_SECRET_ACCESS_KEY: optionalText,
  FILES_S3_FORCE_PATH_STYLE: optionalBoolean,
  JWT_SECRET: optionalText,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Réseau Énergie <ne-pas-repondre@reseau-energie.fr>'),
  /** Tries of one mail before it is `dead` (shown to role 1 with its reason, retried by hand). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** The wait after a first failed try, doubled at each next one (capped at an hour). */
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  /** How long a claimed mail or job stays with the instance sending it; then another one retries it. */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: optionalBoolean,
  WEB_DIST_DIR: z.string().default('../web/dist'),
  /**
   * Who must sign in with a second factor (issue 27 §1): role ids and permission codes (a role
   * holding one of them), comma-separated, or `none`. Unset: roles 1, 2, 3 and any role holding
   * `adherent_users_administration`; in demo mode none, so the demo accounts sign in in one step.
   */
  SECOND_FACTOR_REQUIRED_ROLES: optionalText,
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** What one account may upload (POST /files) over a rolling 24 hours: mebibytes, and files. */
  UPLOAD_QUOTA_MB_PER_DAY: z.coerce.number().int().min(1).default(1024),
  UPLOAD_QUOTA_FILES_PER_DAY: z.coerce.number().int().min(1).default(300),
  REDIS_URL: optionalText,
  /**
   * Put before every key this platform writes in Redis: two platforms on one Redis (a staging beside
   * production, two test clusters on one machine) must not count each other's sign-ins.
   */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}:$/, 'lettres minuscules, chiffres, « - » ou « _ », terminé par « : »')
    .default('reseau:'),
  /** The reverse proxies whose `X-Forwarded-For` is believed: a hop count or addresses/CIDRs. */
  TRUST_PROXY: optionalText,
  /**
   * On SIGTERM the readiness answer turns 503 at once, then the server waits this long before it
   * stops accepting, so that the proxy notices and sends new requests elsewhere.
   */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** Set: GET /api/metrics also answers callers that present it as a bearer (loopback callers always). */
  METRICS_TOKEN: optionalText.pipe(z.string().min(32, '32 caractères minimum').optional()),
  /**
   * Set: traces (HTTP, Fastify, pg, ioredis) go to this OpenTelemetry collector over OTLP/HTTP
   * (`<endpoint>/v1/traces`). Unset: no tracing code is even loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** The `service.name` of the traces. */
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('reseau-api'),
  /** Base of the agencies' public pages (the extranet's "renew contract" link). */
  AGENCY_PUBLIC_SITE_URL: z.url().default('https://www.reseau-energie.fr/agences'),
  /** `sandbox`: the built-in hosted payment page; `payplug`: PayPlug with each agency's secret key. */
  PAYMENT_PROVIDER: optionalText.pipe(z.enum(['sandbox', 'payplug']).optional()),
  PAYPLUG_API_URL: z.url().default('https://api.payplug.com'),
  /** `sandbox`: the built-in signature page; `yousign`: Yousign API v3. */
  ESIGN_PROVIDER: optionalText.pipe(z.enum(['sandbox', 'yousign']).optional()),
  YOUSIGN_API_URL: z.url().default('https://api-sandbox.yousign.app/v3'),
  YOUSIGN_API_KEY: optionalText,
  YOUSIGN_WEBHOOK_SECRET: optionalText,
});

type Parsed = z.output<typeof schema>;

/** Fastify's `trustProxy`: false (no proxy), a hop count, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

export type Config = Omit<
  Parsed,
  | 'JWT_SECRET'
  | 'PUBLIC_URL'
  | 'SEED_DEMO'
  | 'TRUST_PROXY'
  | 'PAYMENT_PROVIDER'
  | 'ESIGN_PROVIDER'
  | 'FILES_S3_REGION'
  | 'FILES_S3_FORCE_PATH_STYLE'
  | 'FILES_DIR_SHARED'
  | 'SECOND_FACTOR_REQUIRED_ROLES'
> & {
  SECOND_FACTOR_REQUIRED_ROLES: SecondFactorRequirement;
  FILES_S3_REGION: string;
  FILES_S3_FORCE_PATH_STYLE: boolean;
  FILES_DIR_SHARED: boolean;
  JWT_SECRET: string;
  PUBLIC_URL: string;
  SEED_DEMO: boolean;
  TRUST_PROXY: TrustProxy;
  PAYMENT_PROVIDER: 'sandbox' | 'payplug';
  ESIGN_PROVIDER: 'sandbox' | 'yousign';
};

/** Signs tokens in demo mode only: it is in the repository, so it is refused in production. */
export const DEV_JWT_SECRET = 'dev-only-secret-change-me-0123456789abcdef';

const DEMO_HINT = 'ou DEMO_MODE=true pour la démonstration locale';

/** Reads and validates the environment once; nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const raw = parsed.data;
  const problems: string[] = [];
  const production = raw.NODE_ENV === 'production';
  const demo = raw.DEMO_MODE;
  if (production && demo) problems.push('DEMO_MODE: true interdit en production');

  let jwtSecret = raw.JWT_SECRET;
  if (!jwtSecret) {
    if (production) problems.push('JWT_SECRET: requis en production');
    else if (demo)
      jwtSecret = DEV_JWT_SECRET; // keeps demo sessions across restarts on a laptop
    else problems.push(`JWT_SECRET: requis (32 caractères minimum), ${DEMO_HINT}`);
  } else if (jwtSecret.length < 32) {
    problems.push('JWT_SECRET: 32 caractères minimum');
  } else if (production && jwtSecret === DEV_JWT_SECRET) {
    problems.push('JWT_SECRET: le secret de développement du dépôt est interdit en production');
  }

  const paymentProvider = provider('PAYMENT_PROVIDER', raw.PAYMENT_PROVIDER, 'payplug', raw, problems);
  const esignProvider = provider('ESIGN_PROVIDER', raw.ESIGN_PROVIDER, 'yousign', raw, problems);
  if (esignProvider === 'yousign' && (!raw.YOUSIGN_API_KEY || !raw.YOUSIGN_WEBHOOK_SECRET)) {
    problems.push('YOUSIGN_API_KEY, YOUSIGN_WEBHOOK_SECRET: requis avec ESIGN_PROVIDER=yousign');
  }

  const seedDemo = raw.SEED_DEMO ?? demo;
  if (production && seedDemo) problems.push('SEED_DEMO: true interdit en production');

  if (production && !raw.PUBLIC_URL) {
    problems.push('PUBLIC_URL: requis en production (adresse publique de la plateforme, reprise dans les liens des mails)');
  }

  const secondFactorRequired = parseSecondFactorRoles(raw.SECOND_FACTOR_REQUIRED_ROLES ?? (demo ? 'none' : undefined), problems);
  const trustProxy = parseTrustProxy(raw.TRUST_PROXY, problems);
  checkS3(raw, problems);
  checkSharedFiles(raw, problems);

  if (problems.length > 0) throw invalid(problems);
  return {
    ...raw,
    JWT_SECRET: jwtSecret!,
    PUBLIC_URL: raw.PUBLIC_URL ?? listeningUrl(raw.HOST, raw.PORT),
    SEED_DEMO: seedDemo,
    TRUST_PROXY: trustProxy,
    SECOND_FACTOR_REQUIRED_ROLES: secondFactorRequired,
    PAYMENT_PROVIDER: paymentProvider!,
    ESIGN_PROVIDER: esignProvider!,
    // Paris: the network's files stay in France unless told otherwise.
    FILES_S3_REGION: raw.FILES_S3_REGION ?? 'eu-west-3',
    FILES_S3_FORCE_PATH_STYLE: raw.FILES_S3_FORCE_PATH_STYLE ?? false,
    FILES_DIR_SHARED: raw.FILES_DIR_SHARED ?? false,
  };
}

/**
 * PostgreSQL is what lets several instances run side by side; with files on local disk, each
 * instance would keep the files it received in its own FILES_DIR and answer 404 for the others'
 * (and a backup of one folder would miss them). Nothing here can tell whether the folder is
 * shared, so the operator must say it. PGlite needs nothing: one process per database folder.
 */
function checkSharedFiles(raw: Parsed, problems: string[]) {
  if (raw.DATABASE_URL && !raw.FILES_S3_BUCKET && raw.FILES_DIR_SHARED !== true) {
    problems.push(
      'DATABASE_URL, FILES_DIR_SHARED: avec PostgreSQL et les fichiers dans FILES_DIR, indiquez FILES_DIR_SHARED=true ' +
        "si ce dossier est partagé par toutes les instances sur cette base (ou s'il n'y en a qu'une) ; " +
        'sinon chacune perdrait les fichiers des autres : utilisez FILES_S3_BUCKET',
    );
  }
}

/** An S3 setting without a bucket would be silently ignored (files on local disk): refuse it. */
function checkS3(raw: Parsed, problems: string[]) {
  const others = [
    'FILES_S3_REGION',
    'FILES_S3_ENDPOINT',
    'FILES_S3_ACCESS_KEY_ID',
    'FILES_S3_SECRET_ACCESS_KEY',
    'FILES_S3_FORCE_PATH_STYLE',
  ] as const;
  const orphans = others.filter((name) => raw[name] !== undefined);
  if (!raw.FILES_S3_BUCKET && orphans.length > 0) {
    problems.push(`${orphans.join(', ')}: sans effet sans FILES_S3_BUCKET (les fichiers iraient dans FILES_DIR)`);
  }
  if (!raw.FILES_S3_ACCESS_KEY_ID !== !raw.FILES_S3_SECRET_ACCESS_KEY) {
    problems.push('FILES_S3_ACCESS_KEY_ID, FILES_S3_SECRET_ACCESS_KEY: les deux ou aucun (chaîne par défaut du SDK AWS)');
  }
}

const invalid = (lines: string[]) => new Error(`Configuration invalide :\n${lines.map((l) => `  ${l}`).join('\n')}`);

/** A provider must be named, except in demo mode (sandbox); the sandbox never runs in production. */
function provider<Real extends string>(
  name: string,
  value: 'sandbox' | Real | undefined,
  real: Real,
  raw: Parsed,
  problems: string[],
): 'sandbox' | Real | undefined {
  const chosen = value ?? (raw.DEMO_MODE ? 'sandbox' : undefined);
  if (!chosen && raw.NODE_ENV === 'production') problems.push(`${name}: requis en production : ${real}`);
  else if (!chosen) problems.push(`${name}: requis : sandbox ou ${real} (${DEMO_HINT})`);
  else if (chosen === 'sandbox' && raw.NODE_ENV === 'production') problems.push(`${name}: sandbox interdit en production`);
  return chosen;
}

/** The accounts that must use a second factor: these roles, and any role holding one of these permissions. */
export interface SecondFactorRequirement {
  roleIds: readonly number[];
  permissions: readonly PermissionCode[];
}

/** Outside demo mode: the roles that read other agencies' data or manage users (issue 27 §1). */
export const DEFAULT_SECOND_FACTOR_ROLES = '1,2,3,adherent_users_administration';

function parseSecondFactorRoles(value: string | undefined, problems: string[]): SecondFactorRequirement {
  const text = value ?? DEFAULT_SECOND_FACTOR_ROLES;
  if (text === 'none') return { roleIds: [], permissions: [] };
  const roleIds: number[] = [];
  const permissions: PermissionCode[] = [];
  for (const entry of text.split(',').map((e) => e.trim())) {
    if (/^\d+$/.test(entry) && ROLES.some((r) => r.id === Number(entry))) roleIds.push(Number(entry));
    else if ((PERMISSION_CODES as readonly string[]).includes(entry)) permissions.push(entry as PermissionCode);
    else
      problems.push(`SECOND_FACTOR_REQUIRED_ROLES: « ${entry} » n'est ni un rôle (1 à 9) ni un code de permission (ou « none »)`);
  }
  return { roleIds, permissions };
}

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '::0']);
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);

/** Where the server can be reached from this machine: links in mails must lead back to it. */
export function listeningUrl(host: string, port: number): string {
  if (WILDCARDS.has(host) || isLoopback(host)) return `http://localhost:${port}`;
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a network (`10.0.0.0/8`, `10.0.0.0/255.0.0.0`) or a proxy-addr name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0 || address.includes('%')) return false; // no IPv6 zone: proxy-addr refuses it
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(range) === 4 && isContiguousMask(range);
}

/** 255.255.0.0 yes, 255.0.255.0 no (proxy-addr refuses it when Fastify starts). */
function isContiguousMask(mask: string): boolean {
  const bits = mask.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const inverted = 2 ** 32 - 1 - bits;
  return (inverted & (inverted + 1)) === 0;
}

/**
 * Unset (or `false`) trusts no proxy: the client is the socket's peer. `true` is refused, since it
 * would let any caller choose its address with `X-Forwarded-For` (rate limits, audit log).
 */
function parseTrustProxy(value: string | undefined, problems: string[]): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') {
    problems.push(
      "TRUST_PROXY: « true » laisserait n'importe quel appelant choisir son adresse (X-Forwarded-For) : " +
        'indiquez le nombre de proxys (1) ou leurs adresses (127.0.0.1, 10.0.0.0/8, loopback)',
    );
    return false;
  }
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (bad.length > 0) {
    problems.push(
      `TRUST_PROXY: « ${bad.join(', ')} » n'est ni un nombre de proxys, ni une adresse, ni un réseau (CIDR), ni loopback/linklocal/uniquelocal`,
    );
  }
  return entries;
}
