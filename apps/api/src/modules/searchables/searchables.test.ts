import type { SearchablesList } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { createPostgresSearchIndex, createSearchKeys, type SearchScope } from '../../integrations/search/index.js';
import { searchScopeOf } from './scope.js';

const t = await buildTestApp();
const index = createPostgresSearchIndex(t.db);
const keys = createSearchKeys(t.config.JWT_SECRET);

const publicNews = {
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
const privateDoc = {
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
const searchWith = (key: string, q = 'chaudiere', extra = '') =>
  t.app.inject({ method: 'GET', url: `/api/searchables?q=${encodeURIComponent(q)}&key=${encodeURIComponent(key)}${extra}` });

describe('GET /api/searchables:get-api-key', () => {
  it('gives network roles a key valid 10 minutes that searches everything they may read', async () => {
    for (const roleId of [1, 2, 3]) {
      const admin = await t.buildAdmin({ roleId });
      const res = await getKey(admin);
      expect(res.statusCode).toBe(200);
      const { apiKey, expiresAt } = res.json() as { apiKey: string; expiresAt: string };
      const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(9);
      expect(minutes).toBeLessThanOrEqual(10);
      const found = await searchWith(apiKey);
      expect(found.statusCode).toBe(200);
      const body = found.json() as SearchablesList;
      expect(body.totalCount).toBe(2);
      expect(body.pageCount).toBe(1);
      expect(body.searchables.map((h) => h.entityType).sort()).toEqual(['document_base_item', 'network_actuality']);
    }
  });

  it('is refused to adherent roles, customers and anonymous callers', async () => {
    for (const roleId of [4, 5, 6, 7, 8, 9]) expect((await getKey(await t.buildAdmin({ roleId }))).statusCode).toBe(403);
    expect((await getKey(await t.buildClient())).statusCode).toBe(403);
    expect((await getKey(null)).statusCode).toBe(401);
  });
});

describe('GET /api/searchables', () => {
  it('returns only what the key’s scope may read', async () => {
    const publicOnly: SearchScope = { includePrivate: false, agencyIds: null, adherentIds: null, regionIds: null };
    const res = await searchWith(keys.issue(publicOnly).apiKey);
    expect(res.statusCode).toBe(200);
    const body = res.json() as SearchablesList;
    expect(body.totalCount).toBe(1);
    expect(body.searchables).toEqual([
      {
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
  });

  it('refuses an expired, forged or missing key with 401', async () => {
    const everything: SearchScope = { includePrivate: true, agencyIds: null, adherentIds: null, regionIds: null };
    const expired = createSearchKeys(t.config.JWT_SECRET, () => Date.now() - 11 * 60_000).issue(everything).apiKey;
    const forged = createSearchKeys('another-secret-0123456789-0123456789').issue(everything).apiKey;
    for (const key of [expired, forged, 'nimportequoi']) {
      const res = await searchWith(key);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    }
    const noKey = await t.app.inject({ method: 'GET', url: '/api/searchables?q=chaudiere' });
    expect(noKey.statusCode).toBe(400);
    // A session token is not a search key.
    const admin = await t.buildAdmin({ roleId: 1 });
    const bearer = (await t.authHeader(admin)).authorization.replace(/^Bearer /, '');
    expect((await searchWith(bearer)).statusCode).toBe(401);
  });

  it('refuses a blank query', async () => {
    const { apiKey } = keys.issue({ includePrivate: true, agencyIds: null, adherentIds: null, regionIds: null });
    const res = await searchWith(apiKey, '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
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
    });
    expect(searchScopeOf({ ...admin, roleId: 4 })).toEqual({
      includePrivate: true,
      agencyIds: [11, 12],
      adherentIds: [9],
      regionIds: [4],
    });
    // Roles 5, 6 and 8 read public content only (spec 00 §6).
    expect(searchScopeOf({ ...admin, roleId: 6, regionId: null })).toEqual({
      includePrivate: false,
      agencyIds: [11, 12],
      adherentIds: [9],
      regionIds: [],
    });
  });
});
