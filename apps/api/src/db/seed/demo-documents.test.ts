import type { DocumentBaseItem, DocumentBaseItemList } from '@reseau/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './demo.js';
import { DEMO_CONTENT_REFS, DEMO_NOTIFICATIONS } from './demo-notifications.js';
import { demoSession } from './demo-session.js';

/** The demo document bases, read through the API as the screens read them. */
describe('demo seed: the document bases', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemoIfEmpty(t.db, t.storage);
  });

  const as = (account: keyof typeof DEMO_ACCOUNTS) => demoSession(t, account);

  it('gives the documents of the notifications their ids, titles and bases, readable by whoever is notified', async () => {
    const admin = await as('admin');
    for (const ref of DEMO_CONTENT_REFS.documentBaseItems) {
      const { body } = await admin<DocumentBaseItem>(`/document-base-items/${ref.id}`);
      expect(body).toMatchObject({ id: ref.id, title: ref.title, documentBaseId: ref.documentBaseId });
    }
    const bases = (await admin<{ documentBases: { id: number; name: string }[] }>('/document-bases')).body.documentBases;
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
      const list = (await admin<DocumentBaseItemList>(`/document-base-items?documentBaseId=${baseId}`)).body;
      expect(list.documentBaseItems.length, `base ${baseId}`).toBeGreaterThanOrEqual(2);
      const categories = (
        await admin<{ documentBaseItemCategories: unknown[] }>(`/document-base-item-categories?documentBaseId=${baseId}`)
      ).body.documentBaseItemCategories;
      expect(categories.length).toBeGreaterThanOrEqual(2);
    }
    const first = (await admin<DocumentBaseItem>('/document-base-items/1')).body;
    expect(first.illustrationFiles).toHaveLength(1);
    const pdf = await admin.raw(`/files/${first.joinedFiles[0]!.fileId}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows the technician only public documents, and the Nord director the Nord base only', async () => {
    const technician = await as('technicien');
    const list = (await technician<DocumentBaseItemList>('/document-base-items?documentBaseId=1')).body;
    expect(list.documentBaseItems.length).toBeGreaterThan(0);
    expect(list.documentBaseItems.every((d) => d.isPublic)).toBe(true);
    const director = await as('dirigeant');
    expect((await director<{ documentBases: { id: number }[] }>('/document-bases')).body.documentBases.map((b) => b.id)).toEqual([
      1, 3,
    ]);
  });
});
