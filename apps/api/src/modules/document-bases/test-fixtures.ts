import type { buildTestApp } from '../../../test/helper.js';
import { documentBaseItemCategories, documentBaseItems, documentBaseItemTypes } from '../../db/schema/index.js';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
export type Admin = Awaited<ReturnType<TestApp['buildAdmin']>>;

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

let seq = 0;

/** Rows of the document-base tests: a fresh category (with types when asked) keeps each test's list its own. */
export function documentFixtures(t: TestApp) {
  async function category(documentBaseId: number, typeNames: string[] = []) {
    const [row] = await t.db
      .insert(documentBaseItemCategories)
      .values({ documentBaseId, name: `Catégorie ${++seq}` })
      .returning();
    const types = typeNames.length
      ? await t.db
          .insert(documentBaseItemTypes)
          .values(typeNames.map((name) => ({ categoryId: row!.id, name })))
          .returning()
      : [];
    return { ...row!, types };
  }

  async function item(values: Partial<typeof documentBaseItems.$inferInsert> & { categoryId: number; documentBaseId: number }) {
    const title = values.title ?? `Document ${++seq}`;
    const [row] = await t.db
      .insert(documentBaseItems)
      .values({ title, shortDescription: 'Résumé', content: '<p>Texte</p>', searchText: title, isPublic: true, ...values })
      .returning();
    return row!;
  }

  async function call(
    who: Parameters<TestApp['authHeader']>[0],
    method: 'POST' | 'PUT' | 'DELETE' | 'GET',
    url: string,
    payload?: object,
  ) {
    return t.app.inject({ method, url: `/api${url}`, headers: await t.authHeader(who), ...(payload ? { payload } : {}) });
  }

  return { category, item, call };
}
