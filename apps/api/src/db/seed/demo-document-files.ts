import { randomUUID } from 'node:crypto';
import { DOCUMENT_BASE_ITEM_ILLUSTRATION_FILE_TYPE, DOCUMENT_BASE_ITEM_JOINED_FILE_TYPE } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import type { SearchIndex } from '../../integrations/search/index.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import { richTextToPlain } from '../../lib/rich-text.js';
import { documentSearchEntry } from '../../modules/document-bases/writes.js';
import type { DbOrTx } from '../client.js';
import { admins, documentBaseItemCategories, documentBaseItems, documentBaseItemTypes } from '../schema/index.js';
import { DEMO_DOCUMENT_CATEGORIES, DEMO_DOCUMENTS, type DemoDocument } from './demo-documents.js';
import { illustrationPng } from './demo-images.js';
import { attachedPdf, insertPreparedFiles, type PreparedFile } from './demo-news-files.js';
import { DEMO_CONTENT_REFS } from './demo-notifications.js';

const DAY = 86_400_000;
const AUTHOR_EMAIL = 'helene.marchand@demo.fr';

/** The stored files of the demo documents, keyed `illustration:{index}` and `pdf:{index}`. */
export type DemoDocumentsPlan = Map<string, PreparedFile>;

/** Draws and stores the documents' files before the seed's transaction. */
export async function prepareDemoDocuments(storage: FileStorage): Promise<DemoDocumentsPlan> {
  const plan: DemoDocumentsPlan = new Map();
  const put = async (key: string, bytes: Buffer, meta: Omit<PreparedFile, 'storageKey' | 'size'>) => {
    const storageKey = `demo/${randomUUID()}`;
    await storage.put(storageKey, bytes, meta.mimeType);
    plan.set(key, { ...meta, storageKey, size: bytes.length });
  };
  // Drawn once per colour pair (drawing is the slow part), stored once per document.
  const drawn = new Map<DemoDocument['illustration'], Buffer>();
  for (const [index, doc] of DEMO_DOCUMENTS.entries()) {
    if (doc.illustration) {
      const [from, to] = doc.illustration;
      const png =
        drawn.get(doc.illustration) ??
        illustrationPng({ width: 640, height: 360, from, to, discs: [{ x: 0.75, y: 0.3, r: 0.3, alpha: 0.18 }] });
      drawn.set(doc.illustration, png);
      await put(`illustration:${index}`, png, {
        fileName: `illustration-document-${index + 1}.png`,
        mimeType: 'image/png',
        typeId: DOCUMENT_BASE_ITEM_ILLUSTRATION_FILE_TYPE,
      });
    }
    if (doc.pdf) {
      await put(`pdf:${index}`, await attachedPdf(doc.pdf), {
        fileName: doc.pdf.fileName,
        mimeType: 'application/pdf',
        typeId: DOCUMENT_BASE_ITEM_JOINED_FILE_TYPE,
      });
    }
  }
  return plan;
}

export async function discardDemoDocuments(storage: FileStorage, plan: DemoDocumentsPlan): Promise<void> {
  await Promise.all([...plan.values()].map((f) => storage.delete(f.storageKey).catch(() => {})));
}

/** Writes categories, types, files, documents and their search entries inside the seed's transaction. */
export async function seedDemoDocuments(tx: DbOrTx, plan: DemoDocumentsPlan, now: number, search: SearchIndex) {
  const categoryIds = new Map<string, number>();
  const typeIds = new Map<string, number>();
  for (const [baseId, categories] of Object.entries(DEMO_DOCUMENT_CATEGORIES)) {
    for (const [name, types] of Object.entries(categories)) {
      const [category] = await tx
        .insert(documentBaseItemCategories)
        .values({ documentBaseId: Number(baseId), name })
        .returning({ id: documentBaseItemCategories.id });
      categoryIds.set(`${baseId}:${name}`, category!.id);
      if (types.length === 0) continue;
      const rows = await tx
        .insert(documentBaseItemTypes)
        .values(types.map((type) => ({ categoryId: category!.id, name: type })))
        .returning({ id: documentBaseItemTypes.id, name: documentBaseItemTypes.name });
      for (const row of rows) typeIds.set(`${category!.id}:${row.name}`, row.id);
    }
  }
  const idByKey = await insertPreparedFiles(tx, plan.values());
  const fileOf = (key: string) => {
    const f = plan.get(key);
    const id = f && idByKey.get(f.storageKey);
    return f && id !== undefined ? [{ fileId: id, fileName: f.fileName }] : [];
  };
  const [author] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.emailAddress, AUTHOR_EMAIL));
  // One row at a time, in order: the first four get the ids the demo notifications carry.
  for (const [index, doc] of DEMO_DOCUMENTS.entries()) {
    const categoryId = categoryIds.get(`${doc.documentBaseId}:${doc.category}`)!;
    const values = {
      documentBaseId: doc.documentBaseId,
      categoryId,
      typeId: doc.type ? (typeIds.get(`${categoryId}:${doc.type}`) ?? null) : null,
      title: doc.title,
      shortDescription: doc.shortDescription,
      content: doc.content,
      searchText: `${doc.title} ${doc.shortDescription} ${richTextToPlain(doc.content)}`,
      isPublic: doc.isPublic,
      illustrationFiles: fileOf(`illustration:${index}`),
      joinedFiles: fileOf(`pdf:${index}`),
    };
    const at = new Date(now - doc.daysAgo * DAY);
    const [row] = await tx
      .insert(documentBaseItems)
      .values({ ...values, authorId: author?.id ?? null, lastEditionDate: at, createdAt: at })
      .returning({ id: documentBaseItems.id });
    await search.index(documentSearchEntry(row!.id, values), tx);
  }
  const titles = await tx.select({ id: documentBaseItems.id, title: documentBaseItems.title }).from(documentBaseItems);
  for (const ref of DEMO_CONTENT_REFS.documentBaseItems) {
    if (!titles.some((r) => r.id === ref.id && r.title === ref.title))
      throw new Error(`demo seed: document ${ref.id} is not "${ref.title}"`);
  }
}
