import { randomUUID } from 'node:crypto';
import { SEARCH_MAX_HITS } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { searchables } from '../../db/schema/index.js';
import {
  createPostgresSearchIndex,
  createSearchKeys,
  type SearchEntry,
  type SearchKeySession,
  type SearchScope,
} from './index.js';

const t = await buildTestApp();
const search = createPostgresSearchIndex(t.db);
const everything: SearchScope = { includePrivate: true, agencyIds: null, adherentIds: null, regionIds: null };
let nextId = 1;

function entry(values: Partial<SearchEntry>): SearchEntry {
  const entityId = values.entityId ?? nextId++;
  return {
    entityType: 'network_actuality',
    entityId,
    title: `Actualité ${entityId}`,
    body: '',
    url: `/intranet/news/${entityId}`,
    isPublic: true,
    agencyId: null,
    adherentId: null,
    regionId: null,
    ...values,
  };
}

const idsFound = async (text: string, scope: SearchScope = everything) =>
  (await search.search({ text, scope, limit: 50, offset: 0 })).hits.map((h) => h.entityId).sort((a, b) => a - b);

describe('the PostgreSQL search index', () => {
  it('finds French words with or without accents, and their plural, title first', async () => {
    const inTitle = entry({ title: 'Remplacement de chaudières', body: 'Intervention planifiée.' });
    const inBody = entry({ title: 'Bilan annuel', body: 'La chaudière à condensation a été révisée.' });
    await search.index(inBody);
    await search.index(inTitle);
    await search.index(entry({ title: 'Pompe à chaleur', body: 'Installation en maison individuelle.' }));

    for (const text of ['chaudiere', 'chaudière', 'chaudières', 'CHAUDIERES']) {
      expect(await idsFound(text)).toEqual([inTitle.entityId, inBody.entityId].sort((a, b) => a - b));
    }
    const { hits, totalCount } = await search.search({ text: 'chaudiere', scope: everything, limit: 10, offset: 0 });
    expect(totalCount).toBe(2);
    expect(hits.map((h) => h.entityId)).toEqual([inTitle.entityId, inBody.entityId]); // title weighs more
    expect(hits[1]).toMatchObject({
      metaId: `NA-${inBody.entityId}`,
      entityType: 'network_actuality',
      url: `/intranet/news/${inBody.entityId}`,
    });
    // The snippet keeps the accents of the original text and highlights the match.
    expect(hits[1]!.snippet).toContain('<b>chaudière</b>');
  });

  it('cuts the snippet on whole words, with an ellipsis where text is left out (issue 25)', async () => {
    const filler = 'Le technicien a contrôlé les raccordements hydrauliques sans trouver de fuite apparente. '.repeat(6);
    const body = `Bonjour, ${filler}Voir https://www.exemple.fr/docs/notice-technique.pdf pour le brûleur de Dunkerque-Nord. ${filler}Merci.`;
    const made = entry({ title: 'Compte rendu', body });
    await search.index(made);
    const [hit] = (await search.search({ text: 'brûleur', scope: everything, limit: 1, offset: 0 })).hits;
    const text = hit!.snippet.replaceAll('<b>', '').replaceAll('</b>', '');
    expect(hit!.snippet).toContain('<b>brûleur</b>');
    expect(text.startsWith('… ')).toBe(true);
    expect(text.endsWith(' …')).toBe(true);
    // Every word of the snippet is a whole word of the text.
    const words = new Set(body.split(/\s+/));
    for (const word of text.split(/\s+/).filter((w) => w !== '…')) expect(words.has(word), word).toBe(true);
  });

  it('pages the hits and keeps the total', async () => {
    const made = [entry({ title: 'Radiateur bruyant' }), entry({ title: 'Radiateur froid' }), entry({ title: 'Radiateur neuf' })];
    for (const e of made) await search.index(e);
    const page2 = await search.search({ text: 'radiateur', scope: everything, limit: 2, offset: 2 });
    expect(page2).toMatchObject({ totalCount: 3 });
    expect(page2.hits).toHaveLength(1);
    const past = await search.search({ text: 'radiateur', scope: everything, limit: 2, offset: 10 });
    expect(past).toEqual({ hits: [], totalCount: 3 });
  });

  it('escapes the text around the highlighted words', async () => {
    await search.index(entry({ title: 'Thermostat', body: 'Réglage <script>alert(1)</script> du thermostat & vanne' }));
    const [hit] = (await search.search({ text: 'thermostat', scope: everything, limit: 1, offset: 0 })).hits;
    // ts_headline drops what looks like a tag; what is left is escaped around our own <b>.
    expect(hit!.snippet).not.toContain('<script');
    expect(hit!.snippet.replaceAll('<b>', '').replaceAll('</b>', '')).not.toMatch(/[<>]/);
    expect(hit!.snippet).toContain('<b>thermostat</b> &amp; vanne');
  });

  it('returns to each scope only what it may read', async () => {
    const pub = entry({ title: 'Ramonage public', isPublic: true });
    const priv = entry({ title: 'Ramonage interne', isPublic: false });
    const agency7 = entry({ title: 'Ramonage agence', isPublic: true, agencyId: 7 });
    const adherent3 = entry({ title: 'Ramonage adhérent', isPublic: true, adherentId: 3 });
    const region2 = entry({ title: 'Ramonage région', isPublic: true, regionId: 2 });
    for (const e of [pub, priv, agency7, adherent3, region2]) await search.index(e);

    expect(await idsFound('ramonage')).toHaveLength(5);
    expect(await idsFound('ramonage', { ...everything, includePrivate: false })).not.toContain(priv.entityId);
    const adherentUser: SearchScope = { includePrivate: false, agencyIds: [8], adherentIds: [4], regionIds: [1] };
    expect(await idsFound('ramonage', adherentUser)).toEqual([pub.entityId]);
    const ofThem: SearchScope = { includePrivate: true, agencyIds: [7], adherentIds: [3], regionIds: [2] };
    expect(await idsFound('ramonage', ofThem)).toEqual(
      [pub.entityId, priv.entityId, agency7.entityId, adherent3.entityId, region2.entityId].sort((a, b) => a - b),
    );
    const noAgency: SearchScope = { includePrivate: true, agencyIds: [], adherentIds: null, regionIds: null };
    expect(await idsFound('ramonage', noAgency)).not.toContain(agency7.entityId);
  });

  it('re-indexing replaces the entry and remove takes it out', async () => {
    const e = entry({ title: 'Détartrage du ballon' });
    await search.index(e);
    expect(await idsFound('detartrage')).toEqual([e.entityId]);
    await search.index({ ...e, title: 'Désembouage du circuit' });
    expect(await idsFound('detartrage')).toEqual([]);
    expect(await idsFound('desembouage')).toEqual([e.entityId]);
    await search.remove(e.entityType, e.entityId);
    expect(await idsFound('desembouage')).toEqual([]);
    await search.remove(e.entityType, e.entityId); // removing what is gone is fine
  });

  it('keeps one row per entity when it is indexed concurrently', async () => {
    const e = entry({ entityType: 'forum_thread', title: 'Vase d’expansion' });
    await Promise.all(Array.from({ length: 8 }, (_, i) => search.index({ ...e, body: `version ${i}` })));
    const rows = await t.db
      .select()
      .from(searchables)
      .where(and(eq(searchables.entityType, 'forum_thread'), eq(searchables.entityId, e.entityId)));
    expect(rows).toHaveLength(1);
    // The same id under another type is another entry.
    await search.index({ ...e, entityType: 'job_offer' });
    expect(await idsFound('expansion')).toEqual([e.entityId, e.entityId]);
  });

  it('yields the SEARCH_MAX_HITS most recent matches, ranked, and counts no further', async () => {
    // Older entries with the word in their title (they would rank first) and more recent ones
    // with it in their body only, enough to fill the hits on their own.
    const old = new Date('2020-01-01T00:00:00Z');
    const titled = [entry({ title: 'Granulés de bois' }), entry({ title: 'Granulés en sac' })];
    await t.db.insert(searchables).values(titled.map((e) => ({ ...e, updatedAt: old })));
    const recent = Array.from({ length: SEARCH_MAX_HITS }, () => entry({ title: 'Livraison', body: 'Poêle à granulés.' }));
    await t.db.insert(searchables).values(recent.map((e) => ({ ...e, updatedAt: new Date('2025-01-01T00:00:00Z') })));
    const newest = entry({ title: 'Granulés : nouveau fournisseur' });
    await search.index(newest);

    const first = await search.search({ text: 'granules', scope: everything, limit: 20, offset: 0 });
    expect(first.totalCount).toBe(SEARCH_MAX_HITS);
    expect(first.hits[0]!.entityId).toBe(newest.entityId); // title match, the best rank among the hits
    const ids = new Set<number>();
    for (let offset = 0; offset < SEARCH_MAX_HITS + 20; offset += 100) {
      const page = await search.search({ text: 'granules', scope: everything, limit: 100, offset });
      for (const hit of page.hits) ids.add(hit.entityId);
      expect(page.totalCount).toBe(SEARCH_MAX_HITS);
    }
    expect(ids.size).toBe(SEARCH_MAX_HITS);
    for (const e of titled) expect(ids.has(e.entityId)).toBe(false);
  });

  it('writes in the caller’s transaction: a rolled-back change leaves no entry', async () => {
    const e = entry({ title: 'Circulateur annulé' });
    await expect(
      t.db.transaction(async (tx) => {
        await search.index(e, tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await idsFound('circulateur')).toEqual([]);
  });
});

describe('search keys', () => {
  const secret = 'test-secret-0123456789-0123456789-abcdef';
  const session: SearchKeySession = { adminId: 7, sessionId: randomUUID(), impersonatedAdminId: null };

  it('give back the session they were issued to until they expire', () => {
    let now = Date.parse('2026-11-22T10:00:00Z');
    const keys = createSearchKeys(secret, () => now);
    const { apiKey, expiresAt } = keys.issue(session);
    // 15 minutes: the web app asks for a new one every 10, so a key in use never lapses.
    expect(expiresAt.toISOString()).toBe('2026-11-22T10:15:00.000Z');
    expect(keys.verify(apiKey)).toEqual(session);
    const acting = { ...session, impersonatedAdminId: 12 };
    expect(keys.verify(keys.issue(acting).apiKey)).toEqual(acting);
    now += 15 * 60 * 1000 - 1000;
    expect(keys.verify(apiKey)).toEqual(session);
    now += 1000;
    expect(keys.verify(apiKey)).toBeNull();
  });

  it('refuse a key signed with another secret, altered, or malformed', () => {
    const keys = createSearchKeys(secret);
    const { apiKey } = keys.issue(session);
    expect(createSearchKeys(`${secret}-other`).verify(apiKey)).toBeNull();
    const [payload, signature] = apiKey.split('.') as [string, string];
    const widened = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 1 })).toString(
      'base64url',
    );
    expect(keys.verify(`${widened}.${signature}`)).toBeNull();
    for (const bad of ['', 'abc', `${apiKey}.x`, `${payload}.${signature}=`, `${payload}.`]) expect(keys.verify(bad)).toBeNull();
  });
});
