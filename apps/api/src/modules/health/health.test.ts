import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildOutageApp } from '../../../test/database-outage.js';
import { buildTestApp, PASSWORD } from '../../../test/helper.js';
import { createTokenSigner } from '../../auth/tokens.js';

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
