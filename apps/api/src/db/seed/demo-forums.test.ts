import type { ForumPostList, ForumThread, ForumThreadList } from '@reseau/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from './demo.js';
import { DEMO_CONTENT_REFS } from './demo-notifications.js';

/** The demo forums, through the API as the screens ask them. */
describe('demo seed: the forums', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemoIfEmpty(t.db, t.storage);
  }, 180_000);

  async function as(account: keyof typeof DEMO_ACCOUNTS) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin',
      payload: { emailAddress: DEMO_ACCOUNTS[account].email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const authorization = `Bearer ${res.json().accessToken}`;
    return async <T>(url: string) => {
      const answer = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization } });
      const json = answer.headers['content-type']?.toString().includes('json');
      return { status: answer.statusCode, body: (json ? answer.json() : answer.body) as T };
    };
  }

  it('gives the threads of the demo notifications their ids, titles and forums', async () => {
    const admin = await as('admin');
    for (const ref of DEMO_CONTENT_REFS.forumThreads) {
      const { body } = await admin<ForumThread>(`/forum-threads/${ref.id}`);
      expect([body.title, body.forumId]).toEqual([ref.title, ref.forumId]);
    }
  });

  it('fills the four forums with 30+ threads, replies and attachments the readers may download', async () => {
    const admin = await as('admin');
    const { body } = await admin<ForumThreadList>('/forum-threads?pageSize=100');
    expect(body.forumThreads.length).toBeGreaterThanOrEqual(30);
    expect(new Set(body.forumThreads.map((th) => th.forumId))).toEqual(new Set([1, 2, 3, 4]));
    expect(body.forumThreads.some((th) => th.isClosed)).toBe(true);
    const withFiles = body.forumThreads.filter((th) => th.joinedFiles.length > 0);
    expect(withFiles.length).toBeGreaterThanOrEqual(3);
    const file = withFiles[0]!.joinedFiles[0]!;
    expect((await admin(`/files/${file.fileId}`)).status).toBe(200);
    const replies = await admin<ForumPostList>(`/forum-posts?forumThreadId=${DEMO_CONTENT_REFS.forumThreads[2].id}`);
    expect(replies.body.forumPosts.length).toBe(3);
    expect(replies.body.forumPosts.some((p) => p.joinedFiles.length > 0)).toBe(true);
    const counted = body.forumThreads.find((th) => th.id === DEMO_CONTENT_REFS.forumThreads[2].id);
    expect(counted?.numberOfAnswers).toBe(3);
  });

  it('shows the technician only the technical forum', async () => {
    const technician = await as('technicien');
    const { body } = await technician<ForumThreadList>('/forum-threads?pageSize=100');
    expect(body.forumThreads.length).toBeGreaterThan(5);
    expect(body.forumThreads.every((th) => th.forumId === 2)).toBe(true);
  });
});
