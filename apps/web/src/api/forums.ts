import { FORUM_POSTS_PAGE_SIZE, FORUM_THREADS_PAGE_SIZE } from '@reseau/contracts/constants/forums';
import type {
  Forum,
  ForumPost,
  ForumPostBody,
  ForumPostUpdateBody,
  ForumTheme,
  ForumThread,
  ForumThreadBody,
  ForumThreadUpdateBody,
} from '@reseau/contracts/schemas/forums';
import { useQuery } from '@tanstack/react-query';
import { usePagedQuery } from '../lib/use-paged-query';
import { api, landingGet } from './http';
import { pageOf } from './pages';
import { queryClient } from './query-client';

export type { Forum, ForumPost, ForumTheme, ForumThread };

export const forumKeys = {
  all: ['forums'] as const,
  forums: ['forums', 'list'] as const,
  themes: (forumId: number) => ['forums', 'themes', forumId] as const,
  threads: (query: object) => ['forums', 'threads', query] as const,
  thread: (id: number) => ['forums', 'thread', id] as const,
  posts: (query: object) => ['forums', 'posts', query] as const,
};

/** GET /forums: the forums the caller may read (spec 00 §6). */
export function useForums() {
  return useQuery({
    queryKey: forumKeys.forums,
    ...landingGet('/forums', undefined, (answer: { forums: Forum[] }) => answer.forums),
    meta: { errorMessage: 'forums.errors.loadForums' },
  });
}

/** GET /forum-themes?forumId: reference data, kept for the session. */
export function useForumThemes(forumId: number) {
  return useQuery({
    queryKey: forumKeys.themes(forumId),
    queryFn: async () => (await api.get<{ forumThemes: ForumTheme[] }>('/forum-themes', { query: { forumId } })).forumThemes,
    enabled: forumId > 0,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorMessage: 'forums.errors.loadThemes' },
  });
}

/** GET /forum-threads: 10 a page, last updated first. */
export function useForumThreadPage(filters: { forumId: number; forumThemeId?: number; search?: string; pageNumber: number }) {
  const query = { ...filters, pageSize: FORUM_THREADS_PAGE_SIZE };
  return usePagedQuery<ForumThread>({
    queryKey: forumKeys.threads(query),
    ...pageOf('/forum-threads', 'forumThreads', query),
    errorMessage: 'forums.errors.loadThreads',
  });
}

/** GET /forum-threads/{id} */
export function useForumThread(id: number) {
  return useQuery({
    queryKey: forumKeys.thread(id),
    ...landingGet<ForumThread>(`/forum-threads/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    meta: { errorMessage: 'forums.errors.loadThread' },
  });
}

/** GET /forum-posts: a thread's replies, 5 a page, oldest first. */
export function useForumPostPage(forumThreadId: number, pageNumber: number) {
  const query = { forumThreadId, pageNumber, pageSize: FORUM_POSTS_PAGE_SIZE };
  return usePagedQuery<ForumPost>({
    queryKey: forumKeys.posts(query),
    ...pageOf('/forum-posts', 'forumPosts', query),
    errorMessage: 'forums.errors.loadPosts',
  });
}

/** The forums, threads and posts read again after a write (their counts and last posts change too). */
const refreshForums = () => queryClient.invalidateQueries({ queryKey: forumKeys.all });

/** A thread read again (a reply refused because it was closed meanwhile). */
export const refreshForumThread = (id: number) => queryClient.invalidateQueries({ queryKey: forumKeys.thread(id) });

export async function createForumThread(body: ForumThreadBody): Promise<number> {
  const { id } = await api.post<{ id: number }>('/forum-threads', body);
  await refreshForums();
  return id;
}

export async function updateForumThread(id: number, body: ForumThreadUpdateBody): Promise<void> {
  await api.put(`/forum-threads/${id}`, body);
  await refreshForums();
}

export function deleteForumThread(id: number): Promise<unknown> {
  return api.delete(`/forum-threads/${id}`);
}

export async function createForumPost(body: ForumPostBody): Promise<number> {
  const { id } = await api.post<{ id: number }>('/forum-posts', body);
  await refreshForums();
  return id;
}

export async function updateForumPost(id: number, body: ForumPostUpdateBody): Promise<void> {
  await api.put(`/forum-posts/${id}`, body);
  await refreshForums();
}

export async function deleteForumPost(id: number): Promise<void> {
  await api.delete(`/forum-posts/${id}`);
  await refreshForums();
}
