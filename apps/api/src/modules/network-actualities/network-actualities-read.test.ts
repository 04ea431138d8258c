import { IMPERSONATION_HEADER, type NetworkActuality } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { networkActualityReads } from '../../db/schema/index.js';

const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];

async function call(who: Who | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers = {}) {
  const auth = who ? await t.authHeader(who) : {};
  return t.app.inject({ method, url: `/api${url}`, payload, headers: { ...auth, ...headers } });
}
const markRead = (who: Who | null, networkActualityId: number, adminId: number, headers = {}) =>
  call(who, 'POST', '/network-actualities-read', { networkActualityId, adminId }, headers);
const isRead = async (who: Who, id: number) =>
  ((await call(who, 'GET', `/network-actualities/${id}`)).json() as NetworkActuality).isRead;
const marks = (id: number) =>
  t.db
    .select({ adminId: networkActualityReads.adminId })
    .from(networkActualityReads)
    .where(eq(networkActualityReads.networkActualityId, id));

describe('POST /api/network-actualities-read', () => {
  it('marks the news item read for the caller only, and a second mark changes nothing', async () => {
    const news = await t.buildNetworkActuality({ isPublic: 1 });
    const reader = await t.buildAdmin({ roleId: 4 });
    const other = await t.buildAdmin({ roleId: 4 });
    const res = await markRead(reader, news.id, reader.id);
    expect(res.statusCode).toBe(204);
    expect(res.payload).toBe('');
    expect(await isRead(reader, news.id)).toBe(true);
    expect(await isRead(other, news.id)).toBe(false);
    expect((await markRead(reader, news.id, reader.id)).statusCode).toBe(204);
    expect(await marks(news.id)).toEqual([{ adminId: reader.id }]);
  });

  it('keeps one mark when the same caller marks twice at once', async () => {
    const news = await t.buildNetworkActuality();
    const reader = await t.buildAdmin({ roleId: 1 });
    const answers = await Promise.all([markRead(reader, news.id, reader.id), markRead(reader, news.id, reader.id)]);
    expect(answers.map((r) => r.statusCode)).toEqual([204, 204]);
    expect(await marks(news.id)).toHaveLength(1);
  });

  it('refuses with 403 to mark read for someone else, and writes nothing', async () => {
    const news = await t.buildNetworkActuality();
    const caller = await t.buildAdmin({ roleId: 1 });
    const other = await t.buildAdmin({ roleId: 9 });
    const res = await markRead(caller, news.id, other.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: "Vous n'avez pas les accès requis..." });
    expect(await marks(news.id)).toEqual([]);
  });

  it('answers 404 for a news item the caller may not read (roles 5, 6, 8 and adherents-only) or that does not exist', async () => {
    const news = await t.buildNetworkActuality({ isPublic: 0 });
    const technician = await t.buildAdmin({ roleId: 6 });
    expect((await markRead(technician, news.id, technician.id)).statusCode).toBe(404);
    expect((await markRead(technician, 999999, technician.id)).statusCode).toBe(404);
    expect(await marks(news.id)).toEqual([]);
  });

  it('answers 400 validation_failed per field to a bad body', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const res = await call(admin, 'POST', '/network-actualities-read', { networkActualityId: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: { networkActualityId: [expect.any(String)], adminId: [expect.any(String)] },
    });
  });

  it('refuses a customer with 403 and an anonymous caller with 401', async () => {
    const news = await t.buildNetworkActuality({ isPublic: 1 });
    const client = await t.buildClient();
    expect((await markRead(client, news.id, client.id)).statusCode).toBe(403);
    expect((await markRead(null, news.id, 1)).statusCode).toBe(401);
  });
});

describe('DELETE /api/network-actualities-unread/{id}', () => {
  it("removes the caller's read mark only; with no mark it is harmless", async () => {
    const news = await t.buildNetworkActuality({ isPublic: 1 });
    const reader = await t.buildAdmin({ roleId: 6 });
    const other = await t.buildAdmin({ roleId: 1 });
    await markRead(reader, news.id, reader.id);
    await markRead(other, news.id, other.id);
    const res = await call(reader, 'DELETE', `/network-actualities-unread/${news.id}`);
    expect(res.statusCode).toBe(204);
    expect(await isRead(reader, news.id)).toBe(false);
    expect(await isRead(other, news.id)).toBe(true);
    expect((await call(reader, 'DELETE', `/network-actualities-unread/${news.id}`)).statusCode).toBe(204);
  });

  it('answers 404 to roles 5, 6, 8 for an adherents-only item, 400 to a bad id, 403 to a customer, 401 anonymous', async () => {
    const news = await t.buildNetworkActuality({ isPublic: 0 });
    expect((await call(await t.buildAdmin({ roleId: 8 }), 'DELETE', `/network-actualities-unread/${news.id}`)).statusCode).toBe(
      404,
    );
    expect((await call(await t.buildAdmin({ roleId: 1 }), 'DELETE', '/network-actualities-unread/abc')).statusCode).toBe(400);
    expect((await call(await t.buildClient(), 'DELETE', `/network-actualities-unread/${news.id}`)).statusCode).toBe(403);
    expect((await call(null, 'DELETE', `/network-actualities-unread/${news.id}`)).statusCode).toBe(401);
  });
});

describe('news and impersonation', () => {
  it("reads as the impersonated user: their role's visibility, their own read marks", async () => {
    const pub = await t.buildNetworkActuality({ isPublic: 1 });
    const priv = await t.buildNetworkActuality({ isPublic: 0 });
    const networkAdmin = await t.buildAdmin({ roleId: 1 });
    const technician = await t.buildAdmin({ roleId: 6 });
    const as = { [IMPERSONATION_HEADER]: String(technician.id) };

    expect((await call(networkAdmin, 'GET', `/network-actualities/${priv.id}`, undefined, as)).statusCode).toBe(404);
    expect((await markRead(networkAdmin, pub.id, networkAdmin.id, as)).statusCode).toBe(403);
    expect((await markRead(networkAdmin, pub.id, technician.id, as)).statusCode).toBe(204);
    const rows = await t.db
      .select()
      .from(networkActualityReads)
      .where(and(eq(networkActualityReads.networkActualityId, pub.id), eq(networkActualityReads.adminId, technician.id)));
    expect(rows).toHaveLength(1);
    expect(await isRead(networkAdmin, pub.id)).toBe(false);
  });
});
