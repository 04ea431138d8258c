import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';

const t = await buildTestApp();
const superAdmin = await t.buildAdmin({ roleId: 1 });
const headers = await t.authHeader(superAdmin);

const reorder = (reorderedAdminId: number, newPrecedingAdminId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/network-admins:reorder',
    headers,
    payload: { reorderedAdminId, newPrecedingAdminId },
  });

/** The ids of the whole list, in the order GET /network-admins gives. */
async function order(): Promise<number[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/network-admins?pageSize=100', headers });
  return res.json().networkAdmins.map((a: { id: number }) => a.id);
}

describe('POST /network-admins:reorder', () => {
  it('moves an admin first (0), last and to the middle; the list comes back in that order', async () => {
    const [a, b, c] = [await t.buildAdmin({ roleId: 2 }), await t.buildAdmin({ roleId: 2 }), await t.buildAdmin({ roleId: 3 })];
    const before = await order();
    const last = before.at(-1)!;

    expect((await reorder(c.id, 0)).statusCode).toBe(204);
    expect((await order())[0]).toBe(c.id);

    expect((await reorder(c.id, last === c.id ? b.id : last)).statusCode).toBe(204);
    expect((await order()).at(-1)).toBe(c.id);

    expect((await reorder(c.id, a.id)).statusCode).toBe(204);
    const now = await order();
    expect(now.indexOf(c.id)).toBe(now.indexOf(a.id) + 1);
    // Nobody was lost or doubled on the way.
    expect([...now].sort()).toEqual([...before].sort());
  });

  it('a new admin is added at the end of the list', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/network-admins',
      headers,
      payload: {
        firstName: 'Zoé',
        lastName: 'Bernard',
        position: 'Assistante',
        phone: '0600000000',
        emailAddress: `zoe-${Date.now()}@reseau.fr`,
        roleId: 3,
      },
    });
    expect((await order()).at(-1)).toBe(res.json().id);
  });

  it('concurrent moves apply one after the other: every admin stays listed once', async () => {
    const [a, b, c] = [await t.buildAdmin({ roleId: 2 }), await t.buildAdmin({ roleId: 2 }), await t.buildAdmin({ roleId: 2 })];
    const before = await order();
    const answers = await Promise.all([reorder(a.id, 0), reorder(b.id, a.id), reorder(c.id, 0)]);
    expect(answers.map((r) => r.statusCode)).toEqual([204, 204, 204]);
    const after = await order();
    expect([...after].sort()).toEqual([...before].sort());
    expect(new Set(after).size).toBe(after.length);
  });

  it('refuses an adherent account, an unknown admin, a predecessor outside the list and bad input', async () => {
    const director = await t.buildAdmin({ roleId: 4 });
    const admin = await t.buildAdmin({ roleId: 2 });
    expect((await reorder(director.id, 0)).statusCode).toBe(404);
    expect((await reorder(999_999, 0)).json()).toMatchObject({ code: 'not_found', message: 'L’administrateur est introuvable.' });
    const outside = await reorder(admin.id, director.id);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors.newPrecedingAdminId).toBeDefined();
    expect((await reorder(admin.id, admin.id)).json().errors.newPrecedingAdminId).toBeDefined();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/network-admins:reorder',
      headers,
      payload: { reorderedAdminId: 0, newPrecedingAdminId: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['newPrecedingAdminId', 'reorderedAdminId']);
  });
});
