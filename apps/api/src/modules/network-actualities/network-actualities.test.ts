import type { NetworkActualityList } from '@reseau/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { files } from '../../db/schema/index.js';

const t = await buildTestApp();

type Who = Parameters<typeof t.authHeader>[0];
let seq = 0;
/** A word no other test's news carries, so that `search` isolates each test's rows. */
const marker = () => `zq${Date.now().toString(36)}x${++seq}`;
const DAY = 86_400_000;

async function get(who: Who | null, url: string) {
  return t.app.inject({ method: 'GET', url: `/api${url}`, headers: who ? await t.authHeader(who) : {} });
}
const titles = (res: { json: () => unknown }) => (res.json() as NetworkActualityList).networkActualities.map((n) => n.title);

/** One public and one adherents-only news item carrying the marker. */
async function publicAndPrivate(tag: string) {
  const pub = await t.buildNetworkActuality({ title: `${tag} publique`, isPublic: 1, categoryId: 2 });
  const priv = await t.buildNetworkActuality({ title: `${tag} adhérents`, isPublic: 0, categoryId: 3 });
  return { pub, priv };
}

describe('GET /api/network-actualities', () => {
  it('lists newest first with category and read state, 10 a page by default', async () => {
    const tag = marker();
    const now = Date.now();
    for (let i = 0; i < 12; i++) {
      await t.buildNetworkActuality({ title: `${tag} n°${i}`, publicationDate: new Date(now - i * DAY), categoryId: 4 });
    }
    const admin = await t.buildAdmin({ roleId: 1 });
    const first = await get(admin, `/network-actualities?search=${tag}`);
    expect(first.statusCode).toBe(200);
    const body = first.json() as NetworkActualityList;
    expect(body.pageCount).toBe(2);
    expect(titles(first)).toEqual([...Array(10).keys()].map((i) => `${tag} n°${i}`));
    expect(body.networkActualities[0]).toEqual({
      id: expect.any(Number),
      title: `${tag} n°0`,
      content: '<p>Texte</p>',
      categoryId: 4,
      category: { id: 4, code: 'PARTENAIRES' },
      publicationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      illustrationFiles: [],
      joinedFiles: [],
      isPublic: 0,
      isRead: false,
    });
    const second = await get(admin, `/network-actualities?search=${tag}&pageNumber=2`);
    expect(titles(second)).toEqual([`${tag} n°10`, `${tag} n°11`]);
    const five = await get(admin, `/network-actualities?search=${tag}&pageSize=5`);
    expect((five.json() as NetworkActualityList).pageCount).toBe(3);
  });

  it('searches title and text case-insensitively, not the tags, and takes % literally', async () => {
    const tag = marker();
    await t.buildNetworkActuality({ title: `${tag} Chaudière`, content: '<p>rien</p>' });
    await t.buildNetworkActuality({ title: `${tag} autre`, content: '<p>Une <strong>POMPE</strong> à chaleur</p>' });
    await t.buildNetworkActuality({ title: `${tag} 100% remboursé` });
    const admin = await t.buildAdmin({ roleId: 2 });
    expect(titles(await get(admin, `/network-actualities?search=${tag.toUpperCase()}%20chaudi`))).toEqual([`${tag} Chaudière`]);
    expect(titles(await get(admin, `/network-actualities?search=pompe%20%C3%A0%20chaleur`))).toContain(`${tag} autre`);
    expect(titles(await get(admin, `/network-actualities?search=${tag}%20strong`))).toEqual([]);
    expect(titles(await get(admin, `/network-actualities?search=${tag}%20100%25`))).toEqual([`${tag} 100% remboursé`]);
    expect(titles(await get(admin, `/network-actualities?search=${tag}%25`))).toEqual([]);
  });

  it('filters by category and by receivers', async () => {
    const tag = marker();
    const { pub, priv } = await publicAndPrivate(tag);
    const admin = await t.buildAdmin({ roleId: 3 });
    expect(titles(await get(admin, `/network-actualities?search=${tag}&categoryId=2`))).toEqual([pub.title]);
    expect(titles(await get(admin, `/network-actualities?search=${tag}&isPublic=0`))).toEqual([priv.title]);
    expect(titles(await get(admin, `/network-actualities?search=${tag}&isPublic=1`))).toEqual([pub.title]);
    expect(titles(await get(admin, `/network-actualities?search=${tag}&isPublic=true`))).toEqual([pub.title]);
  });

  it.each([4, 7, 9])('shows role %i (adherent level) every news item', async (roleId) => {
    const tag = marker();
    const { pub, priv } = await publicAndPrivate(tag);
    const res = await get(await t.buildAdmin({ roleId }), `/network-actualities?search=${tag}`);
    expect(titles(res).sort()).toEqual([pub.title, priv.title].sort());
  });

  it.each([5, 6, 8])('shows role %i only the public news, even when it asks for the others', async (roleId) => {
    const tag = marker();
    const { pub } = await publicAndPrivate(tag);
    const who = await t.buildAdmin({ roleId });
    const res = await get(who, `/network-actualities?search=${tag}`);
    expect(titles(res)).toEqual([pub.title]);
    expect((res.json() as NetworkActualityList).pageCount).toBe(1);
    expect(await get(who, `/network-actualities?search=${tag}&isPublic=0`).then((r) => r.json())).toEqual({
      networkActualities: [],
      pageCount: 0,
    });
  });

  it('refuses a customer with 403 and an anonymous caller with 401', async () => {
    expect((await get(await t.buildClient(), '/network-actualities')).statusCode).toBe(403);
    expect((await get(null, '/network-actualities')).statusCode).toBe(401);
  });

  it.each(['pageNumber=0', 'pageSize=1000', 'isPublic=2', 'categoryId=abc', `search=${'a'.repeat(201)}`])(
    'answers 400 validation_failed to %s',
    async (query) => {
      const res = await get(await t.buildAdmin({ roleId: 1 }), `/network-actualities?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    },
  );
});

describe('GET /api/network-actualities/{id}', () => {
  it('answers the news item with its content', async () => {
    const news = await t.buildNetworkActuality({ content: '<p>Détail</p>', isPublic: 1, illustrationFiles: [{ fileId: 7 }] });
    const res = await get(await t.buildAdmin({ roleId: 6 }), `/network-actualities/${news.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: news.id,
      content: '<p>Détail</p>',
      illustrationFiles: [{ fileId: 7 }],
      isRead: false,
    });
  });

  it('answers 404 to roles 5, 6 and 8 for an adherents-only item, and to anyone for an unknown one', async () => {
    const news = await t.buildNetworkActuality({ isPublic: 0 });
    for (const roleId of [5, 6, 8]) {
      const res = await get(await t.buildAdmin({ roleId }), `/network-actualities/${news.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: "L'actualité demandée est introuvable." });
    }
    expect((await get(await t.buildAdmin({ roleId: 4 }), `/network-actualities/${news.id}`)).statusCode).toBe(200);
    expect((await get(await t.buildAdmin({ roleId: 1 }), '/network-actualities/999999')).statusCode).toBe(404);
  });

  it('answers 400 to a bad id, 403 to a customer, 401 to an anonymous caller', async () => {
    const news = await t.buildNetworkActuality({ isPublic: 1 });
    expect((await get(await t.buildAdmin({ roleId: 1 }), '/network-actualities/0')).statusCode).toBe(400);
    expect((await get(await t.buildClient(), `/network-actualities/${news.id}`)).statusCode).toBe(403);
    expect((await get(null, `/network-actualities/${news.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/network-actuality-categories', () => {
  it('lists the categories by id to any staff user', async () => {
    const res = await get(await t.buildAdmin({ roleId: 8 }), '/network-actuality-categories');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      categories: [
        { id: 1, code: 'VIE_RESEAU' },
        { id: 2, code: 'TECHNIQUE' },
        { id: 3, code: 'REGLEMENTATION' },
        { id: 4, code: 'PARTENAIRES' },
        { id: 5, code: 'EVENEMENT' },
      ],
    });
  });

  it('refuses a customer with 403 and an anonymous caller with 401', async () => {
    expect((await get(await t.buildClient(), '/network-actuality-categories')).statusCode).toBe(403);
    expect((await get(null, '/network-actuality-categories')).statusCode).toBe(401);
  });
});

describe('news files (GET /api/files/{id})', () => {
  async function storedFile(typeId: number) {
    const key = `test/${marker()}`;
    await t.storage.put(key, Buffer.from('%PDF-1.7\n'), 'application/pdf');
    const [row] = await t.db
      .insert(files)
      .values({ typeId, storageKey: key, fileName: 'piece.pdf', mimeType: 'application/pdf', size: 9 })
      .returning();
    return row!.id;
  }

  it('lets staff who may read the news download its files; roles 5, 6, 8 only those of public news', async () => {
    const publicFile = await storedFile(10);
    const privateFile = await storedFile(9);
    await t.buildNetworkActuality({ isPublic: 1, joinedFiles: [{ fileId: publicFile }] });
    await t.buildNetworkActuality({ isPublic: 0, illustrationFiles: [{ fileId: privateFile }] });
    const technician = await t.buildAdmin({ roleId: 6 });
    const director = await t.buildAdmin({ roleId: 4 });
    expect((await get(technician, `/files/${publicFile}`)).statusCode).toBe(200);
    expect((await get(technician, `/files/${privateFile}`)).statusCode).toBe(404);
    expect((await get(director, `/files/${privateFile}`)).statusCode).toBe(200);
    expect((await get(await t.buildClient(), `/files/${publicFile}`)).statusCode).toBe(404);
    expect((await get(null, `/files/${publicFile}`)).statusCode).toBe(404);
  });
});
