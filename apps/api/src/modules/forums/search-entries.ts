import type { SearchEntry } from '../../integrations/search/index.js';
import { richTextToPlain } from '../../lib/rich-text.js';
import { forumPermission } from './policy.js';

/** The thread page a hit opens (the bell's NEW_FORUM_* links go there too). */
export const threadUrl = (forumId: number, threadId: number) => `/intranet/forum/${forumId}/thread/${threadId}`;

/**
 * Forum entries are read by the holders of the forum's permission (the search key carries the
 * caller's codes), whatever their role, agency or region.
 */
const scoped = { isPublic: true, agencyId: null, adherentId: null, regionId: null } as const;

export function threadSearchEntry(thread: { id: number; forumId: number; title: string; content: string }): SearchEntry {
  return {
    entityType: 'forum_thread',
    entityId: thread.id,
    title: thread.title,
    body: richTextToPlain(thread.content),
    url: threadUrl(thread.forumId, thread.id),
    ...scoped,
    readPermission: forumPermission(thread.forumId),
  };
}

/** A reply's entry: the thread's title, the reply's text. */
export function postSearchEntry(
  postId: number,
  content: string,
  thread: { id: number; forumId: number; title: string },
): SearchEntry {
  return {
    entityType: 'forum_post',
    entityId: postId,
    title: thread.title,
    body: richTextToPlain(content),
    url: threadUrl(thread.forumId, thread.id),
    ...scoped,
    readPermission: forumPermission(thread.forumId),
  };
}
