import { ROLES } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';

const t = await buildTestApp();

describe('GET /api/roles', () => {
  it('lists the nine roles with their permission codes to a signed-in admin', async () => {
    const admin = await t.buildAdmin({ roleId: 9 });
    const res = await t.app.inject({ method: 'GET', url: '/api/roles', headers: await t.authHeader(admin) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { id: number; adminTypeId: number; macroPermissions: { code: string }[] }[];
    expect(body.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const role6 = body.find((r) => r.id === 6)!;
    expect(role6.adminTypeId).toBe(2);
    expect(role6.macroPermissions.map((p) => p.code).sort()).toEqual([...ROLES[5]!.permissions].sort());
  });

  it('answers a signed-in customer too (the extranet resolves role names)', async () => {
    const client = await t.buildClient();
    const res = await t.app.inject({ method: 'GET', url: '/api/roles', headers: await t.authHeader(client) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an anonymous caller with 401 and the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/roles' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated', message: expect.any(String) });
  });

  it('refuses a forged token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/roles', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(res.statusCode).toBe(401);
  });
});
