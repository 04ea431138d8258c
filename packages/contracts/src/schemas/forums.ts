import { z } from 'zod';
import {
  FORUM_FILE_NAME_MAX,
  FORUM_MAX_JOINED_FILES,
  FORUM_MESSAGES,
  FORUM_POSTS_PAGE_SIZE,
  FORUM_SEARCH_MAX,
  FORUM_THREADS_PAGE_SIZE,
  FORUM_TITLE_MAX,
} from '../constants/forums.js';
import { MESSAGES } from '../constants/messages.js';
import { MAX_ID } from '../constants/pagination.js';
import { bodyId, idParam as id, idParams, pageFields, queryBoolean } from './primitives.js';
import { requiredRichTextField } from './rich-text.js';

export const forum = z.object({ id: z.number().int(), title: z.string() });
export type Forum = z.infer<typeof forum>;
export const forumList = z.object({ forums: z.array(forum) });

export const forumTheme = z.object({ id: z.number().int(), name: z.string() });
export type ForumTheme = z.infer<typeof forumTheme>;
export const forumThemeQuery = z.object({ forumId: id });
export const forumThemeList = z.object({ forumThemes: z.array(forumTheme) });

export const forumParams = idParams;

/** An attachment (file type 13): a name needs a file and a file a name (spec 02 §5). */
export const forumJoinedFile = z.object({
  fileName: z
    .string({ error: FORUM_MESSAGES.fileNameRequired })
    .trim()
    .min(1, FORUM_MESSAGES.fileNameRequired)
    .max(FORUM_FILE_NAME_MAX, MESSAGES.tooLong),
  fileId: z.number({ error: FORUM_MESSAGES.fileRequired }).int().positive().max(MAX_ID),
});
export type ForumJoinedFile = z.infer<typeof forumJoinedFile>;
const joinedFiles = z.array(forumJoinedFile).max(FORUM_MAX_JOINED_FILES, FORUM_MESSAGES.tooManyJoinedFiles);

const title = z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(FORUM_TITLE_MAX, MESSAGES.tooLong);

/** GET /forum-threads: threads of the forums the caller reads, last updated first. */
export const forumThreadListQuery = z.object({
  forumId: id.optional(),
  forumThemeId: id.optional(),
  isClosed: queryBoolean.optional(),
  search: z.string().trim().max(FORUM_SEARCH_MAX).optional(),
  ...pageFields(FORUM_THREADS_PAGE_SIZE),
});
export type ForumThreadListQuery = z.infer<typeof forumThreadListQuery>;

/**
 * A thread as the list and the page send it (spec 02 §3). `isEditable` says whether the caller
 * may edit, close or delete it (the server's own rule, so that the screen only mirrors it).
 */
export const forumThread = z.object({
  id: z.number().int(),
  forumId: z.number().int(),
  forumThemeId: z.number().int(),
  title: z.string(),
  /** HTML, sanitized when written. */
  content: z.string(),
  agencyId: z.number().int().nullable(),
  authorId: z.number().int().nullable(),
  joinedFiles: z.array(z.object({ fileName: z.string(), fileId: z.number().int() })),
  isClosed: z.boolean(),
  /** ISO 8601 instants. */
  publicationDate: z.string(),
  lastUpdateDate: z.string(),
  author: z.string(),
  agencyName: z.string(),
  numberOfAnswers: z.number().int(),
  isEditable: z.boolean(),
});
export type ForumThread = z.infer<typeof forumThread>;
export const forumThreadList = z.object({ forumThreads: z.array(forumThread), pageCount: z.number().int() });
export type ForumThreadList = z.infer<typeof forumThreadList>;

/** POST /forum-threads: the files are uploaded first (type 13), then the thread is saved with their ids. */
export const forumThreadBody = z.object({
  forumId: bodyId,
  forumThemeId: bodyId,
  title,
  content: requiredRichTextField(),
  /** The caller's current agency (spec 02 §6); null only for network staff without one. */
  agencyId: bodyId.nullable(),
  joinedFiles,
});
export type ForumThreadBody = z.infer<typeof forumThreadBody>;

/** PUT /forum-threads/{id}: the whole thread; `isClosed` opens or closes it (spec 02 §4). */
export const forumThreadUpdateBody = z.object({
  forumThemeId: bodyId,
  title,
  content: requiredRichTextField(),
  joinedFiles,
  isClosed: z.boolean({ error: MESSAGES.required }),
});
export type ForumThreadUpdateBody = z.infer<typeof forumThreadUpdateBody>;

/** GET /forum-posts: a thread's replies, oldest first. */
export const forumPostListQuery = z.object({ forumThreadId: id, ...pageFields(FORUM_POSTS_PAGE_SIZE) });
export type ForumPostListQuery = z.infer<typeof forumPostListQuery>;

export const forumPost = z.object({
  id: z.number().int(),
  forumThreadId: z.number().int(),
  content: z.string(),
  agencyId: z.number().int().nullable(),
  authorId: z.number().int().nullable(),
  joinedFiles: z.array(z.object({ fileName: z.string(), fileId: z.number().int() })),
  author: z.string(),
  agencyName: z.string(),
  publicationDate: z.string(),
  isEditable: z.boolean(),
});
export type ForumPost = z.infer<typeof forumPost>;
export const forumPostList = z.object({ forumPosts: z.array(forumPost), pageCount: z.number().int() });
export type ForumPostList = z.infer<typeof forumPostList>;

export const forumPostBody = z.object({
  forumThreadId: bodyId,
  content: requiredRichTextField(),
  agencyId: bodyId.nullable(),
  joinedFiles,
});
export type ForumPostBody = z.infer<typeof forumPostBody>;

export const forumPostUpdateBody = z.object({ content: requiredRichTextField(), joinedFiles });
export type ForumPostUpdateBody = z.infer<typeof forumPostUpdateBody>;

export const forumCreated = z.object({ id: z.number().int() });

/**
 * The forms' attachments: a row may be half filled while typing (a name without its file yet),
 * and says which half is missing under its own field.
 */
const joinedFileForm = z.object({
  fileName: z.string().max(FORUM_FILE_NAME_MAX, MESSAGES.tooLong),
  fileId: z.number().int().nullable(),
});
const joinedFilesForm = z
  .array(joinedFileForm)
  .max(FORUM_MAX_JOINED_FILES, FORUM_MESSAGES.tooManyJoinedFiles)
  .superRefine((rows, ctx) => {
    rows.forEach((row, i) => {
      if (row.fileName.trim() === '')
        ctx.addIssue({ code: 'custom', path: [i, 'fileName'], message: FORUM_MESSAGES.fileNameRequired });
      if (row.fileId === null) ctx.addIssue({ code: 'custom', path: [i, 'fileId'], message: FORUM_MESSAGES.fileRequired });
    });
  });

/** The thread form (create and edit): the theme is held as text by its select. */
export const forumThreadForm = z.object({
  title,
  forumThemeId: z.string().regex(/^\d+$/, MESSAGES.required),
  content: requiredRichTextField(),
  joinedFiles: joinedFilesForm,
});
export type ForumThreadForm = z.infer<typeof forumThreadForm>;

/** The reply form (and a reply's edit). */
export const forumPostForm = z.object({ content: requiredRichTextField(), joinedFiles: joinedFilesForm });
export type ForumPostForm = z.infer<typeof forumPostForm>;
