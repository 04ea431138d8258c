import { randomUUID } from 'node:crypto';
import type { SearchablesList } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { admins } from '../../db/schema/index.js';
import { createPostgresSearchIndex, createSearchKeys, type SearchEntry } from '../../integrations/search/index.js';
import { searchScopeOf } from './scope.js';

const t = await buildTestApp();
const index = createPostgresSearchIndex(t.db);

const publicNews: SearchEntry = {
  entityType: 'network_actuality',
  entityId: 1,
  title: 'Nouvelle gamme de chaudières',
  body: 'Les chaudières à granulés arrivent.',
  url: '/intranet/news/1',
  isPublic: true,
  agencyId: null,
  adherentId: null,
  regionId: null,
};
const privateDoc: SearchEntry = {
  ...publicNews,
  entityType: 'document_base_item',
  entityId: 2,
  title: 'Tarifs chaudière réservés au réseau',
  url: '/intranet/doc-base/1/2',
  isPublic: false,
};
await index.index(publicNews);
await index.index(privateDoc);

async function getKey(who: Parameters<typeof t.authHeader>[0] | null) {
  return t.app.inject({
    method: 'GET',
    url: '/api/searchables:get-api-key',
    headers: who ? await t.authHeader(who) : {},
  });
}
/** The search as the web app calls it: the words in `query`, the key in the x-search-key header. */
const searchWith = (key: string | null, query = 'chaudiere', extra = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/searchables?query=${encodeURIComponent(query)}${extra}`,
    headers: key === null ? {} : { 'x-search-key': key },
  });

describe('GET /api/searchables:get-api-key', () => {
  it('gives network roles a key valid 15 minutes that searches everything they may read', async () => {
    for (const roleId of [1, 2, 3]) {
      const admin = await t.buildAdmin({ roleId });
      const res = await getKey(admin);
      expect(res.statusCode).toBe(200);
      const { apiKey, expiresAt } = res.json() as { apiKey: string; expiresAt: string };
      const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(14);
      expect(minutes).toBeLessThanOrEqual(15);
      const found = await searchWith(apiKey);
      expect(found.statusCode).toBe(200);
      const body = found.json() as SearchablesList;
      expect(body.totalCount).toBe(2);
      expect(body.pageCount).toBe(1);
      expect(body.searchables.map((h) => h.entityType).sort()).toEqual(['document_base_item', 'network_actuality']);
    }
  });

  it('gives every adherent role a key scoped to its reading (roles 5, 6, 8: public entries only)', async () => {
    for (const roleId of [4, 7, 9]) {
      const res = await getKey(await t.buildAdmin({ roleId }));
      expect(res.statusCode).toBe(200);
      expect((await searchWith((res.json() as { apiKey: string }).apiKey)).json()).toMatchObject({ totalCount: 2 });
    }
    for (const roleId of [5, 6, 8]) {
      const res = await getKey(await t.buildAdmin({ roleId }));
      expect(res.statusCode).toBe(200);
      const body = (await searchWith((res.json() as { apiKey: string }).apiKey)).json() as SearchablesList;
      expect(body.searchables.map((hit) => hit.metaId)).toEqual(['NA-1']);
    }
  });

  it('is refused to customers and anonymous callers', async () => {
    const customer = await getKey(await t.buildClient());
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toMatchObject({ code: 'forbidden' });
    expect((await getKey(null)).statusCode).toBe(401);
  });
});

/** A key of `who`'s session, as the web app gets it. */
const keyOf = async (who: Parameters<typeof t.authHeader>[0]) => ((await getKey(who)).json() as { apiKey: string }).apiKey;

describe('GET /api/searchables', () => {
  it('returns only what the key’s caller may read', async () => {
    const res = await searchWith(await keyOf(await t.buildAdmin({ roleId: 6 })));
    expect(res.statusCode).toBe(200);
    const body = res.json() as SearchablesList;
    expect(body.totalCount).toBe(1);
    expect(body.searchables).toEqual([
      {
        metaId: 'NA-1',
        entityType: 'network_actuality',
        entityId: 1,
        title: publicNews.title,
        url: publicNews.url,
        snippet: expect.stringContaining('<b>chaudières</b>'),
      },
    ]);
  });

  it('pages with pageNumber and pageSize', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const { apiKey } = (await getKey(admin)).json() as { apiKey: string };
    const page2 = (await searchWith(apiKey, 'chaudières', '&pageNumber=2&pageSize=1')).json() as SearchablesList;
    expect(page2).toMatchObject({ totalCount: 2, pageCount: 2 });
    expect(page2.searchables).toHaveLength(1);
    // 20 hits a page unless asked otherwise: both fit on the first.
    const page1 = (await searchWith(apiKey, 'chaudières')).json() as SearchablesList;
    expect(page1).toMatchObject({ totalCount: 2, pageCount: 1 });
    expect(page1.searchables.map((hit) => hit.metaId).sort()).toEqual(['DB-2', 'NA-1']);
  });

  it('refuses an expired, forged or missing key with 401', async () => {
    const admin = await t.buildAdmin({ roleId: 1 });
    const { authorization } = await t.authHeader(admin);
    const sessionId = JSON.parse(Buffer.from(authorization.split('.')[1]!, 'base64url').toString()).sid as string;
    const session = { adminId: admin.id, sessionId, impersonatedAdminId: null };
    // The session is open: only the key's own faults refuse it.
    expect((await searchWith(createSearchKeys(t.config.JWT_SECRET).issue(session).apiKey)).statusCode).toBe(200);
    const expired = createSearchKeys(t.config.JWT_SECRET, () => Date.now() - 16 * 60_000).issue(session).apiKey;
    const forged = createSearchKeys('another-secret-0123456789-0123456789').issue(session).apiKey;
    const unknownSession = createSearchKeys(t.config.JWT_SECRET).issue({ ...session, sessionId: randomUUID() }).apiKey;
    const otherAccount = createSearchKeys(t.config.JWT_SECRET).issue({ ...session, adminId: admin.id + 1 }).apiKey;
    for (const key of [expired, forged, unknownSession, otherAccount, 'nimportequoi']) {
      const res = await searchWith(key);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    }
    const noKey = await searchWith(null);
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json()).toMatchObject({ code: 'unauthenticated' });
    // The key is read from its header only: one put in the URL (where logs keep it) is ignored.
    const apiKey = await keyOf(admin);
    const inUrl = await t.app.inject({ method: 'GET', url: `/api/searchables?query=chaudiere&key=${apiKey}` });
    expect(inUrl.statusCode).toBe(401);
    // A session token is not a search key.
    expect((await searchWith(authorization.replace(/^Bearer /, ''))).statusCode).toBe(401);
  });

  it('stops with its session: after sign-out, after the account is archived or disabled (issue 24)', async () => {
    const network = await t.authHeader(await t.buildAdmin({ roleId: 1 }));
    for (const end of ['sign-out', 'archived', 'disabled elsewhere'] as const) {
      const admin = await t.buildAdmin({ roleId: 9 });
      const auth = await t.authHeader(admin);
      const key = (
        (await t.app.inject({ method: 'GET', url: '/api/searchables:get-api-key', headers: auth })).json() as {
          apiKey: string;
        }
      ).apiKey;
      expect((await searchWith(key)).statusCode).toBe(200);
      if (end === 'sign-out') {
        const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth, payload: {} });
        expect(out.statusCode).toBe(204);
      } else if (end === 'archived') {
        const archived = await t.app.inject({ method: 'POST', url: `/api/adherent-users/${admin.id}:archive`, headers: network });
        expect(archived.statusCode).toBe(204);
      } else {
        // Changed by another instance (or by hand): this one hears of it through NOTIFY, as for access tokens.
        await t.db.update(admins).set({ isActive: false }).where(eq(admins.id, admin.id));
        await expect.poll(async () => (await searchWith(key)).statusCode).toBe(401);
      }
      const after = await searchWith(key);
      expect(after.statusCode, end).toBe(401);
      expect(after.json()).toMatchObject({ code: 'unauthenticated' });
    }
  });

  it('reads what the caller may read now: a role changed after the key was issued narrows the hits', async () => {
    const admin = await t.buildAdmin({ roleId: 9 });
    const key = await keyOf(admin);
    expect((await searchWith(key)).json()).toMatchObject({ totalCount: 2 });
    await t.db.update(admins).set({ roleId: 6 }).where(eq(admins.id, admin.id));
    // The role change reaches every instance's caller cache through NOTIFY (principal-cache.ts).
    await expect.poll(async () => ((await searchWith(key)).json() as SearchablesList).totalCount).toBe(1);
  });

  it('refuses a blank or missing query, and a bad page number, per field', async () => {
    const apiKey = await keyOf(await t.buildAdmin({ roleId: 1 }));
    for (const [url, field] of [
      ['/api/searchables?query=%20%20%20', 'query'],
      ['/api/searchables', 'query'],
      ['/api/searchables?query=chaudiere&pageNumber=0', 'pageNumber'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-search-key': apiKey } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { [field]: [expect.any(String)] } });
    }
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/searchables', '/searchables:get-api-key']));
  });
});

describe('searchScopeOf', () => {
  const admin = {
    kind: 'admin' as const,
    adminId: 1,
    adminTypeId: 2,
    regionId: 4,
    adherentId: 9,
    permissions: new Set<never>(),
    agencyIds: [11, 12],
    impersonatedBy: null,
    sessionId: null,
  };
  it('lets network roles read everything and limits the others to their agencies, adherent and region', () => {
    expect(searchScopeOf({ ...admin, roleId: 2 })).toEqual({
      includePrivate: true,
      agencyIds: null,
      adherentIds: null,
      regionIds: null,
      permissions: [],
    });
    expect(searchScopeOf({ ...admin, roleId: 4 })).toEqual({
      includePrivate: true,
      agencyIds: [11, 12],
      adherentIds: [9],
      regionIds: [4],
      permissions: [],
    });
    // Roles 5, 6 and 8 read public content only (spec 00 §6).
    expect(searchScopeOf({ ...admin, roleId: 6, regionId: null })).toEqual({
      includePrivate: false,
      agencyIds: [11, 12],
      adherentIds: [9],
      regionIds: [],
      permissions: [],
    });
  });
  it("carries the caller's forum permissions, which open the forums' entries", () => {
    const permissions = new Set(['forum_tech_administration', 'network_news_reading'] as const);
    expect(searchScopeOf({ ...admin, roleId: 6, permissions }).permissions).toEqual(['forum_tech_administration']);
  });
});
