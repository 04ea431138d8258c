import {
  NETWORK_ADMIN_AVATAR_FILE_TYPE,
  NETWORK_ADMIN_MESSAGES,
  type NetworkAdmin,
  type NetworkAdminBody,
  type NetworkAdminList,
  type NetworkAdminReorderBody,
  NOT_FOUND_SUBJECTS,
  ROLE,
} from '@reseau/contracts';
import { and, asc, eq, max, ne, type SQL, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { admins } from '../../db/schema/index.js';
import { accountChanges, audit } from '../../kernel/audit.js';
import { checkAttachedFiles } from '../../kernel/files/attached-files.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, errors } from '../../lib/errors.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import { moveAfter } from '../../lib/reorder.js';
import type { StaffContext } from '../../lib/request-context.js';
import {
  assertMayListNetworkAdmins,
  disablesSuperAdmin,
  networkAdminChangeRefusal,
  networkAdminsOnly,
  networkAdminWritableRow,
} from './policy.js';

const columns = {
  id: admins.id,
  firstName: admins.firstName,
  lastName: admins.lastName,
  position: admins.position,
  phone: admins.phone,
  emailAddress: admins.emailAddress,
  roleId: admins.roleId,
  avatarFileId: admins.avatarFileId,
  isHidden: admins.isHidden,
  isActive: admins.isActive,
};

const emailTaken = () => errors.validation({ emailAddress: [NETWORK_ADMIN_MESSAGES.emailAlreadyUsed] });
const superAdminRefused = () => errors.validation({ isActive: [NETWORK_ADMIN_MESSAGES.superAdminCannotBeDisabled] });
const reserved = (message: string = NETWORK_ADMIN_MESSAGES.superAdminReserved) => new AppError('forbidden', 403, message);

/** Who manages whom among network admins (policy.ts): checked before anything of the body is looked up. */
function assertMayChange(caller: AdminPrincipal, current: NetworkAdmin | null, body: NetworkAdminBody) {
  const refusal = networkAdminChangeRefusal(caller, current, body);
  if (refusal) throw reserved(refusal);
}

/** Who wrote, and for whom when impersonating (the audit keeps both ids, spec 00 §4). */
const actor = (caller: AdminPrincipal) => ({
  actorAdminId: caller.impersonatedBy ?? caller.adminId,
  impersonatedAdminId: caller.impersonatedBy ? caller.adminId : null,
});

/** GET /network-admins: in display order (sortOrder, then id for rows never moved); network admins managers only. */
export async function listNetworkAdmins(
  { db, caller }: StaffContext,
  query: { isHidden?: boolean; pageNumber: number; pageSize: number },
): Promise<NetworkAdminList> {
  assertMayListNetworkAdmins(caller);
  const where: SQL | undefined = and(
    networkAdminsOnly(),
    query.isHidden === undefined ? undefined : eq(admins.isHidden, query.isHidden),
  );
  const rows = await db
    .select(columns)
    .from(admins)
    .where(where)
    .orderBy(asc(admins.sortOrder), asc(admins.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const total = await db.$count(admins, where);
  return { networkAdmins: rows, pageCount: pageCount(total, query) };
}

export async function getNetworkAdmin(db: DbOrTx, id: number): Promise<NetworkAdmin> {
  const [row] = await db
    .select(columns)
    .from(admins)
    .where(and(eq(admins.id, id), networkAdminsOnly()));
  if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.networkAdmin);
  return row;
}

/** The address is one account's across the platform (admins_email_unique, case-insensitive). */
async function assertEmailFree(db: DbOrTx, emailAddress: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(sql`lower(${admins.emailAddress}) = lower(${emailAddress})`, exceptId ? ne(admins.id, exceptId) : undefined));
  if (taken) throw emailTaken();
}

/** The avatar: an uploaded file of type 15 the caller may read (its own upload, or the one already shown). */
const checkAvatar = (db: DbOrTx, caller: AdminPrincipal, body: NetworkAdminBody) =>
  checkAttachedFiles(db, caller, { avatarFileId: { fileId: body.avatarFileId, fileTypeIds: [NETWORK_ADMIN_AVATAR_FILE_TYPE] } });

/**
 * POST /network-admins: the new admin goes last and has no password yet; the "send connection
 * link" action mails them the link that sets it.
 */
export async function createNetworkAdmin({ db, caller, ip }: StaffContext, body: NetworkAdminBody) {
  if (disablesSuperAdmin(null, body)) throw superAdminRefused();
  assertMayChange(caller, null, body);
  await assertEmailFree(db, body.emailAddress);
  await checkAvatar(db, caller, body);
  try {
    return await db.transaction(async (tx) => {
      const [last] = await tx
        .select({ sortOrder: max(admins.sortOrder) })
        .from(admins)
        .where(networkAdminsOnly());
      const [row] = await tx
        .insert(admins)
        .values({ ...body, passwordHash: null, adherentId: null, sortOrder: (last?.sortOrder ?? 0) + 1 })
        .returning(columns);
      await audit(tx, { action: 'network_admin.created', ...actor(caller), entity: 'admin', entityId: row!.id, ip });
      return row!;
    });
  } catch (err) {
    // Two creations with one address: the unique key decides, the second reads the same message.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/** PUT /network-admins/{id}: the whole admin; the active switch saves through it too (spec 01 §4). */
export async function updateNetworkAdmin({ db, caller, ip }: StaffContext, id: number, body: NetworkAdminBody) {
  const current = await getNetworkAdmin(db, id);
  if (disablesSuperAdmin(current.roleId, body)) throw superAdminRefused();
  assertMayChange(caller, current, body);
  await assertEmailFree(db, body.emailAddress, id);
  await checkAvatar(db, caller, body);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(admins)
        .set(body)
        // The role 1 rule again in the statement: a concurrent role change cannot slip past it.
        .where(
          and(
            eq(admins.id, id),
            networkAdminsOnly(),
            body.isActive ? undefined : ne(admins.roleId, 1),
            networkAdminWritableRow(caller, body),
          ),
        )
        .returning(columns);
      // No row: a role 1 made meanwhile (the rules above, again in the statement), or gone.
      if (!row)
        throw !body.isActive
          ? superAdminRefused()
          : caller.roleId === ROLE.superAdmin
            ? errors.notFound(NOT_FOUND_SUBJECTS.networkAdmin)
            : reserved();
      const details = accountChanges(current, body);
      await audit(tx, { action: 'network_admin.updated', ...actor(caller), entity: 'admin', entityId: id, details, ip });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/** POST /network-admins:reorder: moves one admin after another (0 = first), under the list's lock. */
export async function reorderNetworkAdmins({ db, caller, ip }: StaffContext, body: NetworkAdminReorderBody) {
  await moveAfter(
    db,
    { table: admins, id: admins.id, sortOrder: admins.sortOrder },
    {
      movedId: body.reorderedAdminId,
      newPrecedingId: body.newPrecedingAdminId,
      scope: networkAdminsOnly(),
      fields: { moved: 'reorderedAdminId', preceding: 'newPrecedingAdminId' },
      what: NOT_FOUND_SUBJECTS.networkAdmin,
    },
  );
  await audit(db, {
    action: 'network_admin.reordered',
    ...actor(caller),
    entity: 'admin',
    entityId: body.reorderedAdminId,
    details: { after: body.newPrecedingAdminId },
    ip,
  });
}
