import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.js';
import { buildOutageApp } from '../../../test/database-outage.js';
import { buildTestApp, PASSWORD } from '../../../test/helper.js';
import { buildApp } from '../../app.js';
import { createTokenSigner } from '../../auth/tokens.js';
import { loadConfig } from '../../config.js';
import { createMemoryStorage } from '../../integrations/storage/storage.js';
import { createLifecycle } from '../../lib/lifecycle.js';

const up = await buildTestApp();
const unmigrated = await buildOutageApp();
const down = await buildOutageApp();

const health = (app: typeof up.app) => app.inject({ method: 'GET', url: '/api/health' });
const UNAVAILABLE = {
  code: 'database_unavailable',
  message: 'Le service est momentanément indisponible, veuillez réessayer dans un instant.',
};

describe('GET /api/health', () => {
  it('200 when the database answers and is migrated', async () => {
    const res = await health(up.app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', databaseKind: expect.stringMatching(/^(pglite|postgres)$/) });
  });

  it('503 when the schema is missing (the database answers, its tables do not)', async () => {
    expect((await health(unmigrated.app)).statusCode).toBe(200);
    await unmigrated.dropSchema();
    const res = await health(unmigrated.app);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'degraded', database: 'schema_missing', databaseKind: unmigrated.kind });
  });
});

describe('the database goes away', () => {
  it('health says down, and every route answers 503 database_unavailable instead of 500', async () => {
    expect((await health(down.app)).statusCode).toBe(200);
    const token = await createTokenSigner('test-secret-0123456789-0123456789-abcdef', 900).sign('intranet', {
      sub: '1',
      given_name: 'Camille',
      family_name: 'Martin',
      email_address: 'camille@test.fr',
      data: { roleId: 1, regionId: null },
      // Any session id: the lookup that would check it is what fails.
      sid: randomUUID(),
    });

    await down.cut();

    const res = await health(down.app);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'degraded', database: 'down', databaseKind: down.kind });

    const signIn = await down.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      payload: { emailAddress: 'panne@test.fr', password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json()).toEqual(UNAVAILABLE);

    // (A forgotten password answers before its lookup, so the first connection shows it instead.)
    const firstConnection = await down.app.inject({
      method: 'POST',
      url: '/api/clients/x@y.fr:open-email-verification',
      payload: { password: 'Chaudiere42x' },
    });
    expect(firstConnection.statusCode).toBe(503);
    expect(firstConnection.json()).toEqual(UNAVAILABLE);

    // The caller lookup of an authenticated request needs the database too.
    const roles = await down.app.inject({ method: 'GET', url: '/api/roles', headers: { authorization: `Bearer ${token}` } });
    expect(roles.statusCode).toBe(503);
    expect(roles.json()).toEqual(UNAVAILABLE);
  });
});

const outage = await buildOutageApp();
const lifecycle = createLifecycle();
const drained = await buildTestApp({}, { modules: ['health'], lifecycle });
const brokenStorage = await buildTestApp(
  {},
  {
    modules: ['health'],
    storage: {
      ...createMemoryStorage(),
      get: () => Promise.reject(new Error('bucket unreachable')),
    },
  },
);
const lostRedis = await buildLostRedisApp();

/** An app whose Redis never answers (nothing listens on port 1); not buildTestApp's, which cleans its Redis keys after. */
async function buildLostRedisApp() {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-0123456789-0123456789-abcdef',
    PAYMENT_PROVIDER: 'sandbox',
    ESIGN_PROVIDER: 'sandbox',
    WEB_DIST_DIR: '/nonexistent',
    REDIS_URL: 'redis://127.0.0.1:1',
  });
  const app = await buildApp({ config, database, storage: createMemoryStorage(), logger: false, modules: ['health'] });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app };
}

const ready = (app: typeof up.app) => app.inject({ method: 'GET', url: '/api/ready' });

describe('GET /api/ready', () => {
  it('200 when the database and the storage answer (Redis not configured)', async () => {
    const res = await ready(up.app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'up', redis: 'not_configured', storage: 'up' });
  });

  it('503 when the database is gone', async () => {
    expect((await ready(outage.app)).statusCode).toBe(200);
    await outage.cut();
    const res = await ready(outage.app);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unready', database: 'down' });
  });

  it('503 when the storage or a configured Redis does not answer', async () => {
    const storage = await ready(brokenStorage.app);
    expect(storage.statusCode).toBe(503);
    expect(storage.json()).toEqual({ status: 'unready', database: 'up', redis: 'not_configured', storage: 'down' });
    const redis = await ready(lostRedis.app);
    expect(redis.statusCode).toBe(503);
    expect(redis.json()).toMatchObject({ status: 'unready', redis: 'down', storage: 'up' });
  });

  it('503 draining once the instance is told to stop, while liveness stays 200 and the connection is closed after', async () => {
    expect((await ready(drained.app)).statusCode).toBe(200);
    lifecycle.drain();
    const res = await ready(drained.app);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'draining', database: 'up', redis: 'not_configured', storage: 'up' });
    expect(res.headers.connection).toBe('close');
    expect((await health(drained.app)).statusCode).toBe(200);
  });
});
