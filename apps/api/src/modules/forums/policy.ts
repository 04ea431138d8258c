import { FORUM_MANAGER_ROLE_IDS, FORUMS, NETWORK_ROLE_IDS } from '@reseau/contracts';
import { type AnyColumn, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import { admins, forumThreads } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { moderatedAccounts } from '../adherent-users/policy.js';

type Caller = Pick<AdminPrincipal, 'adminId' | 'roleId' | 'adherentId' | 'agencyIds' | 'permissions'>;

/** The forums the caller reads and writes: one per permission code it holds (spec 00 §6). */
export function readableForumIds(admin: Pick<AdminPrincipal, 'permissions'>): number[] {
  return FORUMS.filter((f) => admin.permissions.has(f.permission)).map((f) => f.id);
}

/** Whether the caller opens threads in the forum `forumId` (the forums it reads). */
export function mayWriteInForum(admin: Pick<AdminPrincipal, 'permissions'>, forumId: number): boolean {
  return readableForumIds(admin).includes(forumId);
}

export function assertMayWriteInForum(admin: Pick<AdminPrincipal, 'permissions'>, forumId: number): void {
  if (!mayWriteInForum(admin, forumId)) throw errors.forbidden();
}

/** The permission code that opens a forum (its search entries carry it). */
export function forumPermission(forumId: number): string {
  const forum = FORUMS.find((f) => f.id === forumId);
  if (!forum) throw new Error(`unknown forum ${forumId}`);
  return forum.permission;
}

/** Threads of a forum the caller reads, as a condition on `forum_threads` (none: false, fails closed). */
export function readableThreads(admin: Pick<AdminPrincipal, 'permissions'>): SQL {
  const ids = readableForumIds(admin);
  return ids.length === 0 ? sql`false` : inArray(forumThreads.forumId, ids);
}

/**
 * Items (threads or replies) the caller may edit, close or delete, as a condition on their author
 * column (spec 02 §6): roles 1 to 3 any item; roles 4 and 7 their own and those of the users they
 * manage (who manages whom, adherent-users/policy.ts: users of their adherent whose agencies are
 * all theirs, never a role 4 or 7 one); everyone else only their own. Reading the forum is checked
 * besides.
 */
export function editableBy(admin: Caller, authorColumn: AnyColumn): SQL | undefined {
  if (NETWORK_ROLE_IDS.includes(admin.roleId)) return undefined;
  const own = eq(authorColumn, admin.adminId);
  if (!FORUM_MANAGER_ROLE_IDS.includes(admin.roleId) || admin.adherentId === null) return own;
  return or(own, inArray(authorColumn, sql`(select ${admins.id} from ${admins} where ${moderatedAccounts(admin)})`));
}

/** The same rule as a selected boolean (the `isEditable` flag of the answers). */
export function editableFlag(admin: Caller, authorColumn: AnyColumn): SQL<boolean> {
  const rule = editableBy(admin, authorColumn);
  return rule === undefined ? sql<boolean>`true` : sql<boolean>`coalesce(${rule}, false)`;
}
