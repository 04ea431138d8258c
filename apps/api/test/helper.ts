import { randomUUID } from 'node:crypto';
import type { AccessTokenClaims, Area } from '@reseau/contracts';
import { desc } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app.js';
import { hashPassword } from '../src/auth/passwords.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import {
  adherents,
  adminAgencies,
  admins,
  agencies,
  clientAgencies,
  clients,
  mailOutbox,
  networkActualities,
  sessions,
} from '../src/db/schema/index.js';
import { createMemoryStorage } from '../src/integrations/storage/storage.js';
import { createBackgroundTasks } from '../src/lib/background.js';
import type { ZApp } from '../src/lib/http.js';
import { openTestDatabase } from './database.js';

/** The app, database and factories of one test file (`buildTestApp()`). */
export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
/** Who calls: a staff user or a customer built by the factories (`t.authHeader`'s argument). */
export type Who = Parameters<TestApp['authHeader']>[0];

/**
 * A call to `/api<url>` as `who` would make it (signed in with their token; `null`: nobody),
 * with `payload` as its JSON body when given.
 */
export function apiCaller(t: TestApp) {
  return async (who: Who | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: who ? await t.authHeader(who) : {},
      ...(payload ? { payload } : {}),
    });
}

/**
 * Each test file gets its own database: an in-memory PGlite, or a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set (CI runs both). Tests build their own rows with the factories
 * below, so they never share data. Every module's routes are registered unless `options.modules`
 * names the ones the file calls (`buildTestApp({}, { modules: ['faq'] })`): the others are then
 * neither imported nor registered, which starts the file's app faster.
 */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  options: Pick<
    BuildAppOptions,
    'throttle' | 'mailer' | 'logger' | 'storage' | 'payments' | 'signature' | 'scheduler' | 'modules' | 'lifecycle'
  > = {},
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-0123456789-0123456789-abcdef',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    PAYMENT_PROVIDER: 'sandbox',
    ESIGN_PROVIDER: 'sandbox',
    // The factories' staff sign in with a password alone; second-factor tests name the roles.
    SECOND_FACTOR_REQUIRED_ROLES: 'none',
    ...overrides,
  });
  const database = await openTestDatabase();
  const storage = options.storage ?? createMemoryStorage();
  // Work a request leaves running after its answer (forgotten-password mails): tests wait for it.
  const failures: unknown[] = [];
  const background = createBackgroundTasks((_label, err) => failures.push(err));
  const settled = async () => {
    await background.drain();
    const [first] = failures.splice(0);
    if (first) throw first;
  };
  // Each app gets its own Redis keys, so runs and files never share counters.
  const redisKeyPrefix = `reseau-test:${randomUUID()}:`;
  const app = await buildApp({ config, database, storage, logger: false, background, redisKeyPrefix, ...options });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    if (config.REDIS_URL) await deleteRedisKeys(config.REDIS_URL, redisKeyPrefix);
  });
  // `database` lets a test build a second instance on the same data (its `url` on PostgreSQL).
  return { app, db: database.db, database, config, storage, settled, redisKeyPrefix, ...factories(app, database) };
}

/** TEST_REDIS_URL as the app's REDIS_URL when set: the tests of shared limits then run on Redis too. */
export const testRedis = (): Record<string, string> =>
  process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};

export async function deleteRedisKeys(url: string, prefix: string) {
  const redis = new Redis(url);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

export const PASSWORD = 'Secret123';
let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;
let passwordHash: Promise<string> | undefined;
const hashed = () => (passwordHash ??= hashPassword(PASSWORD));

function factories(app: ZApp, database: Database) {
  const db = database.db;

  async function buildAdherent(values: Partial<typeof adherents.$inferInsert> = {}) {
    const [row] = await db
      .insert(adherents)
      .values({ name: `Adhérent ${unique()}`, regionId: 1, ...values })
      .returning();
    return row!;
  }

  async function buildAgency(values: Partial<typeof agencies.$inferInsert> = {}) {
    const adherentId = values.adherentId ?? (await buildAdherent()).id;
    const [row] = await db
      .insert(agencies)
      .values({ name: `Agence ${unique()}`, city: 'Lyon', postalCode: '69003', ...values, adherentId })
      .returning();
    return row!;
  }

  /** An admin of the given role; adherent-level roles get an adherent and an agency unless given. */
  async function buildAdmin(values: Partial<typeof admins.$inferInsert> & { roleId: number; agencyIds?: number[] }) {
    const { agencyIds, ...rest } = values;
    const networkRole = [1, 2, 3].includes(values.roleId);
    let adherentId = rest.adherentId ?? null;
    let agencyList = agencyIds;
    if (!networkRole && !agencyList) {
      const agency = await buildAgency(adherentId ? { adherentId } : {});
      adherentId = agency.adherentId;
      agencyList = [agency.id];
    }
    const [row] = await db
      .insert(admins)
      .values({
        emailAddress: `admin-${unique()}@test.fr`,
        passwordHash: await hashed(),
        firstName: 'Camille',
        lastName: 'Martin',
        regionId: 1,
        ...rest,
        adherentId,
      })
      .returning();
    if (agencyList?.length) await db.insert(adminAgencies).values(agencyList.map((agencyId) => ({ adminId: row!.id, agencyId })));
    return { ...row!, agencyIds: agencyList ?? [] };
  }

  /** A verified customer of the given agencies (or of a new one). */
  async function buildClient(values: Partial<typeof clients.$inferInsert> & { agencyIds?: number[] } = {}) {
    const { agencyIds, ...rest } = values;
    const agencyList = agencyIds ?? [(await buildAgency()).id];
    const [row] = await db
      .insert(clients)
      .values({
        emailAddress: `client-${unique()}@test.fr`,
        firstName: 'Jeanne',
        lastName: 'Durand',
        passwordHash: await hashed(),
        emailVerifiedAt: new Date(),
        ...rest,
      })
      .returning();
    if (agencyList.length)
      await db.insert(clientAgencies).values(agencyList.map((agencyId) => ({ clientId: row!.id, agencyId })));
    return { ...row!, agencyIds: agencyList };
  }

  const claims = (
    sub: number,
    given: string,
    family: string,
    email: string,
    roleId: number | null,
    regionId: number | null,
  ): AccessTokenClaims => ({
    sub: String(sub),
    given_name: given,
    family_name: family,
    email_address: email,
    data: { roleId, regionId },
  });

  /**
   * A bearer header for a row built above, signed like the real sign-in does: it opens a session
   * (30 days) and the token carries its id. `withSession: false` gives a token without `sid`;
   * `secondFactor: true` a session whose sign-in checked a second factor.
   */
  async function authHeader(
    who: { id: number; firstName: string; lastName: string; emailAddress: string; roleId?: number; regionId?: number | null },
    area: Area = who.roleId ? 'intranet' : 'extranet',
    { withSession = true, secondFactor = false }: { withSession?: boolean; secondFactor?: boolean } = {},
  ) {
    const { createTokenSigner } = await import('../src/auth/tokens.js');
    const signer = createTokenSigner('test-secret-0123456789-0123456789-abcdef', 900);
    const sid = randomUUID();
    if (withSession) {
      await db.insert(sessions).values({
        id: sid,
        subjectKind: area === 'intranet' ? 'admin' : 'client',
        subjectId: who.id,
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
        secondFactorAt: secondFactor ? new Date() : null,
      });
    }
    const token = await signer.sign(area, {
      ...claims(who.id, who.firstName, who.lastName, who.emailAddress, who.roleId ?? null, who.regionId ?? null),
      ...(withSession ? { sid } : {}),
    });
    return { authorization: `Bearer ${token}` };
  }

  /** A news item (category 1, adherents only, published now unless given). */
  async function buildNetworkActuality(values: Partial<typeof networkActualities.$inferInsert> = {}) {
    const [row] = await db
      .insert(networkActualities)
      .values({ title: `Actualité ${unique()}`, content: '<p>Texte</p>', categoryId: 1, ...values })
      .returning();
    return row!;
  }

  /** Mails sent to an address, newest first. */
  async function mailsTo(to: string) {
    const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
    return rows.filter((m) => m.to === to);
  }

  /** Uploads `bytes` as `who` through POST /files, as the screens' dropzones do; answers the file's id. */
  async function uploadAs(who: Parameters<typeof authHeader>[0], typeId: number, bytes: Buffer, name: string): Promise<number> {
    const form = new FormData();
    form.append('typeId', String(typeId));
    form.append('file', new Blob([bytes]), name);
    const encoded = new Response(form);
    const res = await app.inject({
      method: 'POST',
      url: '/api/files',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') ?? '', ...(await authHeader(who)) },
    });
    if (res.statusCode !== 201) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
    return (res.json() as { id: number }).id;
  }

  return { buildAdherent, buildAgency, buildAdmin, buildClient, buildNetworkActuality, authHeader, mailsTo, uploadAs };
}

/** The token a mail's link carries (`?token=...` or `/{token}`). */
export function tokenFromMail(text: string): string {
  const match = text.match(/token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no token in mail: ${text}`);
  return match[1];
}
