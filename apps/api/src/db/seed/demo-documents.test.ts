import type { DocumentBaseItem, DocumentBaseItemList } from '@reseau/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from './demo.js';
import { DEMO_CONTENT_REFS, DEMO_NOTIFICATIONS } from './demo-notifications.js';

/** The demo document bases, read through the API as the screens read them. */
describe('demo seed: the document bases', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemoIfEmpty(t.db, t.storage);
  });

  async function as(account: keyof typeof DEMO_ACCOUNTS) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      payload: { emailAddress: DEMO_ACCOUNTS[account].email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const authorization = `Bearer ${res.json().accessToken}`;
    return async (url: string) => {
      const answer = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization } });
      const isJson = String(answer.headers['content-type']).startsWith('application/json');
      return { status: answer.statusCode, body: isJson ? answer.json() : null, raw: answer };
    };
  }

  it('gives the documents of the notifications their ids, titles and bases, readable by whoever is notified', async () => {
    const admin = await as('admin');
    for (const ref of DEMO_CONTENT_REFS.documentBaseItems) {
      const { body } = await admin(`/document-base-items/${ref.id}`);
      expect(body as DocumentBaseItem).toMatchObject({ id: ref.id, title: ref.title, documentBaseId: ref.documentBaseId });
    }
    const bases = (await admin('/document-bases')).body.documentBases as { id: number; name: string }[];
    for (const ref of DEMO_CONTENT_REFS.documentBases) expect(bases).toContainEqual(expect.objectContaining(ref));
    for (const n of DEMO_NOTIFICATIONS.filter((d) => d.type === 'NEW_DOCUMENT')) {
      const who = Object.entries(DEMO_ACCOUNTS).find(([, a]) => a.email === n.to)![0] as keyof typeof DEMO_ACCOUNTS;
      const id = (n.data as { documentBaseItemId: number }).documentBaseItemId;
      expect((await (await as(who))(`/document-base-items/${id}`)).status, `${n.to} → ${id}`).toBe(200);
    }
  });

  it('fills every base with documents, categories and downloadable files', async () => {
    const admin = await as('admin');
    for (const baseId of [1, 2, 3, 4, 5, 6, 7]) {
      const list = (await admin(`/document-base-items?documentBaseId=${baseId}`)).body as DocumentBaseItemList;
      expect(list.documentBaseItems.length, `base ${baseId}`).toBeGreaterThanOrEqual(2);
      const categories = (await admin(`/document-base-item-categories?documentBaseId=${baseId}`)).body.documentBaseItemCategories;
      expect(categories.length).toBeGreaterThanOrEqual(2);
    }
    const first = (await admin('/document-base-items/1')).body as DocumentBaseItem;
    expect(first.illustrationFiles).toHaveLength(1);
    const pdf = await admin(`/files/${first.joinedFiles[0]!.fileId}`);
    expect(pdf.raw.statusCode).toBe(200);
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows the technician only public documents, and the Nord director the Nord base only', async () => {
    const technician = await as('technicien');
    const list = (await technician('/document-base-items?documentBaseId=1')).body as DocumentBaseItemList;
    expect(list.documentBaseItems.length).toBeGreaterThan(0);
    expect(list.documentBaseItems.every((d) => d.isPublic)).toBe(true);
    const director = await as('dirigeant');
    expect((await director('/document-bases')).body.documentBases.map((b: { id: number }) => b.id)).toEqual([1, 3]);
  });
});
