import { randomUUID } from 'node:crypto';
import { FORUM_JOINED_FILE_TYPE, FORUMS, ROLES } from '@reseau/contracts';
import { asc, eq } from 'drizzle-orm';
import type { SearchIndex } from '../../integrations/search/index.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import { postSearchEntry, threadSearchEntry } from '../../modules/forums/search-entries.js';
import type { DbOrTx } from '../client.js';
import { adminAgencies, admins, files, forumPosts, forumThreads } from '../schema/index.js';
import { DEMO_THREADS, type DemoForumFile } from './demo-forums-data.js';
import { attachedPdf } from './demo-news-files.js';
import { DEMO_CONTENT_REFS } from './demo-notifications.js';

const HOUR = 3_600_000;

/** The stored PDFs of the demo forums, keyed `thread:{i}:{n}` and `reply:{i}:{r}:{n}`. */
export type DemoForumsPlan = Map<string, { storageKey: string; fileName: string; size: number }>;

/** Draws and stores the attachments before the seed's transaction. */
export async function prepareDemoForums(storage: FileStorage): Promise<DemoForumsPlan> {
  const plan: DemoForumsPlan = new Map();
  const put = async (key: string, file: DemoForumFile) => {
    const bytes = await attachedPdf({ fileName: file.fileName, heading: file.heading, lines: [file.fileName] });
    const storageKey = `demo/${randomUUID()}`;
    await storage.put(storageKey, bytes, 'application/pdf');
    plan.set(key, { storageKey, fileName: file.fileName, size: bytes.length });
  };
  for (const [i, thread] of DEMO_THREADS.entries()) {
    for (const [n, file] of (thread.files ?? []).entries()) await put(`thread:${i}:${n}`, file);
    for (const [r, list] of Object.entries(thread.replyFiles ?? {})) {
      for (const [n, file] of list.entries()) await put(`reply:${i}:${r}:${n}`, file);
    }
  }
  return plan;
}

export async function discardDemoForums(storage: FileStorage, plan: DemoForumsPlan): Promise<void> {
  await Promise.all([...plan.values()].map((f) => storage.delete(f.storageKey).catch(() => {})));
}

/** Active demo staff who may write in each forum (its permission), with their first agency. */
async function writersByForum(tx: DbOrTx) {
  const staff = await tx
    .select({ id: admins.id, roleId: admins.roleId, agencyId: adminAgencies.agencyId })
    .from(admins)
    .leftJoin(adminAgencies, eq(adminAgencies.adminId, admins.id))
    .where(eq(admins.isActive, true))
    .orderBy(asc(admins.id), asc(adminAgencies.agencyId));
  const byId = new Map<number, (typeof staff)[number]>();
  for (const s of staff) if (!byId.has(s.id)) byId.set(s.id, s);
  return new Map(
    FORUMS.map((forum) => {
      const roles = ROLES.filter((r) => r.permissions.includes(forum.permission)).map((r) => r.id as number);
      return [forum.id, [...byId.values()].filter((s) => roles.includes(s.roleId))];
    }),
  );
}

/** Writes the demo threads, their replies and attachments, and their search entries, inside the seed's transaction. */
export async function seedDemoForums(tx: DbOrTx, plan: DemoForumsPlan, now: number, search: SearchIndex): Promise<void> {
  const entries = [...plan.entries()];
  const rows = entries.length
    ? await tx
        .insert(files)
        .values(
          entries.map(([, f]) => ({
            typeId: FORUM_JOINED_FILE_TYPE,
            storageKey: f.storageKey,
            fileName: `${f.fileName}.pdf`,
            mimeType: 'application/pdf',
            size: f.size,
          })),
        )
        .returning({ id: files.id, storageKey: files.storageKey })
    : [];
  const idOf = new Map(rows.map((r) => [r.storageKey, r.id]));
  const attached = (prefix: string, list: DemoForumFile[] = []) =>
    list.flatMap((file, n) => {
      const stored = plan.get(`${prefix}:${n}`);
      const fileId = stored && idOf.get(stored.storageKey);
      return fileId === undefined ? [] : [{ fileName: file.fileName, fileId }];
    });
  const writers = await writersByForum(tx);
  const writer = (forumId: number, n: number) => {
    const list = writers.get(forumId) ?? [];
    return list.length ? list[n % list.length]! : null;
  };

  // One thread at a time, in order: the first five get the ids the demo notifications carry.
  for (const [i, thread] of DEMO_THREADS.entries()) {
    const publishedAt = new Date(now - thread.hoursAgo * HOUR);
    const replyTimes = thread.replies.map((_, r) => new Date(publishedAt.getTime() + (r + 1) * 0.9 * HOUR));
    const author = writer(thread.forumId, i);
    const [row] = await tx
      .insert(forumThreads)
      .values({
        forumId: thread.forumId,
        forumThemeId: thread.forumThemeId,
        title: thread.title,
        content: thread.content,
        agencyId: author?.agencyId ?? null,
        authorId: author?.id ?? null,
        joinedFiles: attached(`thread:${i}`, thread.files),
        isClosed: thread.isClosed ?? false,
        publicationDate: publishedAt,
        lastUpdateDate: replyTimes.at(-1) ?? publishedAt,
        numberOfAnswers: thread.replies.length,
      })
      .returning({ id: forumThreads.id });
    const id = row!.id;
    await search.index(threadSearchEntry({ id, forumId: thread.forumId, title: thread.title, content: thread.content }), tx);
    for (const [r, content] of thread.replies.entries()) {
      const replier = writer(thread.forumId, i + r + 1);
      const [post] = await tx
        .insert(forumPosts)
        .values({
          forumThreadId: id,
          content,
          agencyId: replier?.agencyId ?? null,
          authorId: replier?.id ?? null,
          joinedFiles: attached(`reply:${i}:${r}`, thread.replyFiles?.[r]),
          publicationDate: replyTimes[r]!,
        })
        .returning({ id: forumPosts.id });
      await search.index(postSearchEntry(post!.id, content, { id, forumId: thread.forumId, title: thread.title }), tx);
    }
    const expected = DEMO_CONTENT_REFS.forumThreads.find((f) => f.id === id);
    if (expected && (expected.title !== thread.title || expected.forumId !== thread.forumId))
      throw new Error(`demo seed: forum thread ${id} is not "${expected.title}"`);
  }
}
