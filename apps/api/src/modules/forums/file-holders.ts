import { inArray, sql } from 'drizzle-orm';
import { forumPosts, forumThreads } from '../../db/schema/index.js';
import type { FileHolder } from '../../kernel/files/holders.js';
import { readableThreads } from './policy.js';

/** Forum attachments (type 13): staff who may read the thread's forum (its permission code). */
export const forumFileHolders: readonly FileHolder[] = [
  {
    entity: 'forumThreadFiles',
    table: forumThreads,
    fileColumns: [],
    fileListColumns: [forumThreads.joinedFiles],
    fileTypeIds: [13],
    readers: (caller) => (caller?.kind === 'admin' ? readableThreads(caller) : false),
  },
  {
    entity: 'forumPostFiles',
    table: forumPosts,
    fileColumns: [],
    fileListColumns: [forumPosts.joinedFiles],
    fileTypeIds: [13],
    readers: (caller) =>
      caller?.kind === 'admin'
        ? inArray(
            forumPosts.forumThreadId,
            sql`(select ${forumThreads.id} from ${forumThreads} where ${readableThreads(caller)})`,
          )
        : false,
  },
];
