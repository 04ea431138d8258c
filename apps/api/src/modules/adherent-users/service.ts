import {
  ADHERENT_AVATAR_FILE_TYPE,
  ADHERENT_MESSAGES,
  ADHERENT_USER_MESSAGES,
  ADMIN_TYPE,
  type AdherentUser,
  type AdherentUserListQuery,
  type AdherentUserWrite,
  NOT_FOUND_SUBJECTS,
} from '@reseau/contracts';
import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { assertOwnAgency } from '../../auth/guards.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import { adherents, adminAgencies, admins, agencies } from '../../db/schema/index.js';
import { accountChanges, audit } from '../../kernel/audit.js';
import { checkAttachedFiles } from '../../kernel/files/attached-files.js';
import { isUniqueViolationOf } from '../../lib/db-errors.js';
import { errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { assertMayTouchRole } from '../adherent-admins/policy.js';
import { adherentAccountColumns, agencyList, emailTaken, emailUsed } from '../adherent-admins/service.js';
import { assertMayActForAdherent, mayActForAdherent } from '../adherents/policy.js';
import { actor } from '../adherents/service.js';
import { revokeAllSessions } from '../auth/sessions.js';
import { changedAgenciesAllowed, visibleAdherentAccounts, writableAdherentAccounts } from './policy.js';

const columns = { ...adherentAccountColumns, isAdherentAdmin: admins.isAdherentAdmin };
type Row = Omit<AdherentUser, 'agencies' | 'adherentId'> & { adherentId: number | null; agencyIds: number[] };
const present = ({ agencyIds, adherentId, ...row }: Row): AdherentUser => ({
  ...row,
  adherentId: adherentId ?? 0,
  agencies: agencyList(agencyIds),
});

/**
 * GET /adherent-users: the adherent's users that are not adherent admins (those come from
 * GET /adherent-admins and the screen merges both, spec 01 §2). An adherent-level caller reads
 * its own adherent's only; a network caller names the adherent, the agency or a user.
 */
export async function listAdherentUsers({ db, caller }: StaffContext, query: AdherentUserListQuery) {
  const { adherentId, agencyId, adminId } = query;
  if (caller.agencyIds === null && adherentId === undefined && agencyId === undefined && adminId === undefined)
    throw errors.validation({ adherentId: [ADHERENT_USER_MESSAGES.adherentRequired] });
  if (adherentId !== undefined) assertMayActForAdherent(caller, adherentId);
  if (agencyId !== undefined) assertOwnAgency(caller, agencyId);
  const rows = await db
    .select(columns)
    .from(admins)
    .where(
      and(
        visibleAdherentAccounts(caller),
        eq(admins.isAdherentAdmin, false),
        adherentId === undefined ? undefined : eq(admins.adherentId, adherentId),
        agencyId === undefined
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(adminAgencies)
                .where(and(eq(adminAgencies.adminId, admins.id), eq(adminAgencies.agencyId, agencyId))),
            ),
        adminId === undefined
          ? undefined
          : inArray(admins.adherentId, db.select({ a: admins.adherentId }).from(admins).where(eq(admins.id, adminId))),
      ),
    )
    .orderBy(asc(admins.lastName), asc(admins.firstName), asc(admins.id));
  return rows.map(present);
}

/** GET /adherent-users/{id}: any adherent account in the caller's scope (an adherent admin too: the merged list edits it here). */
export async function getAdherentUser({ db, caller }: StaffContext, id: number): Promise<AdherentUser> {
  const [row] = await db
    .select(columns)
    .from(admins)
    .where(and(eq(admins.id, id), visibleAdherentAccounts(caller)));
  if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.user);
  return present(row);
}

/**
 * Checks of a write that need the database: an adherent-level role the caller may give, agencies
 * of one adherent in the caller's scope, an avatar the caller may attach. Answers the adherent.
 */
async function checkBody(deps: AppDeps, caller: AdminPrincipal, body: AdherentUserWrite) {
  const role = deps.roles.get(body.roleId);
  if (!role || role.adminTypeId !== ADMIN_TYPE.adherent)
    throw errors.validation({ roleId: [ADHERENT_MESSAGES.adherentRoleOnly] });
  assertMayTouchRole(caller, body.roleId);
  const ids = [...new Set(body.agencies.map((a) => a.agencyId))];
  const found = await deps.db
    .select({ id: agencies.id, adherentId: agencies.adherentId, regionId: adherents.regionId })
    .from(agencies)
    .innerJoin(adherents, eq(adherents.id, agencies.adherentId))
    .where(inArray(agencies.id, ids));
  const adherentIds = new Set(found.map((a) => a.adherentId));
  // Another adherent's agency is refused as such (never "not found": nothing about it is told).
  if (found.some((a) => !mayActForAdherent(caller, a.adherentId))) throw errors.forbidden();
  if (found.length !== ids.length) throw errors.validation({ agencies: [ADHERENT_USER_MESSAGES.ownAgenciesOnly] });
  if (adherentIds.size !== 1) throw errors.validation({ agencies: [ADHERENT_USER_MESSAGES.oneAdherentOnly] });
  await checkAttachedFiles(deps.db, caller, {
    avatarFileId: { fileId: body.avatarFileId, fileTypeIds: [ADHERENT_AVATAR_FILE_TYPE] },
  });
  return { adherentId: found[0]!.adherentId, regionId: found[0]!.regionId, agencyIds: ids };
}

const fields = ({ agencies: _, ...body }: AdherentUserWrite) => body;

/** Two saves with one address: the unique key decides, the second reads the same message. */
async function uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolationOf(e, 'admins_email_unique')) throw emailUsed();
    throw e;
  }
}

/** POST /adherent-users: a user of the caller's agencies, without a password until the connection link. */
export async function createAdherentUser(ctx: StaffContext, body: AdherentUserWrite) {
  const { deps, caller, ip } = ctx;
  const { adherentId, regionId, agencyIds } = await checkBody(deps, caller, body);
  if (!changedAgenciesAllowed(caller, [], agencyIds))
    throw errors.validation({ agencies: [ADHERENT_USER_MESSAGES.ownAgenciesOnly] });
  if (await emailTaken(deps.db, body.emailAddress, null)) throw emailUsed();
  const id = await uniqueEmail(() =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(admins)
        .values({ ...fields(body), adherentId, regionId, passwordHash: null, isAdherentAdmin: false })
        .returning({ id: admins.id });
      await tx.insert(adminAgencies).values(agencyIds.map((agencyId) => ({ adminId: row!.id, agencyId })));
      await audit(tx, { action: 'adherent_user.created', ...actor(caller), entity: 'admin', entityId: row!.id, ip });
      return row!.id;
    }),
  );
  return getAdherentUser(ctx, id);
}

/**
 * PUT /adherent-users/{id}: the whole user (the active switch saves through it, spec 01 §4). The
 * user stays with its adherent; an adherent-level caller changes only the agencies it manages and
 * never a role 4 or 7 user.
 */
export async function updateAdherentUser(ctx: StaffContext, id: number, body: AdherentUserWrite) {
  const { deps, caller, ip } = ctx;
  const current = await getAdherentUser(ctx, id);
  assertMayTouchRole(caller, current.roleId);
  const { adherentId, regionId, agencyIds } = await checkBody(deps, caller, body);
  if (adherentId !== current.adherentId) throw errors.validation({ agencies: [ADHERENT_USER_MESSAGES.adherentUnchanged] });
  const before = current.agencies.map((a) => a.agencyId);
  if (!changedAgenciesAllowed(caller, before, agencyIds))
    throw errors.validation({ agencies: [ADHERENT_USER_MESSAGES.ownAgenciesOnly] });
  if (await emailTaken(deps.db, body.emailAddress, id)) throw emailUsed();
  await uniqueEmail(() =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(admins)
        .set({ ...fields(body), regionId })
        .where(and(eq(admins.id, id), writableAdherentAccounts(caller)))
        .returning({ id: admins.id });
      if (!row) throw errors.forbidden();
      await tx.delete(adminAgencies).where(eq(adminAgencies.adminId, id));
      await tx.insert(adminAgencies).values(agencyIds.map((agencyId) => ({ adminId: id, agencyId })));
      const details = accountChanges(current, body);
      await audit(tx, { action: 'adherent_user.updated', ...actor(caller), entity: 'admin', entityId: id, details, ip });
    }),
  );
  return getAdherentUser(ctx, id);
}

/**
 * POST /adherent-users/{id}:archive — the "delete" of the users table. The row stays (audit,
 * authored content keep their author) but the account is disabled, hidden from the directory and
 * the map, archived (it leaves every list and can no longer be edited or re-enabled), and its
 * open sessions end at once. The conditional UPDATE decides between two concurrent archives.
 */
export async function archiveAdherentUser(ctx: StaffContext, id: number) {
  const { deps, caller, ip } = ctx;
  const current = await getAdherentUser(ctx, id);
  assertMayTouchRole(caller, current.roleId);
  // Under impersonation the caller is the impersonated user: nobody archives the account they act as.
  if (current.id === caller.adminId) throw errors.forbidden();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(admins)
      .set({ archivedAt: new Date(), isActive: false, isHidden: true, doNotShowOnMap: true })
      .where(and(eq(admins.id, id), writableAdherentAccounts(caller)))
      .returning({ id: admins.id });
    if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.user);
    await audit(tx, { action: 'adherent_user.archived', ...actor(caller), entity: 'admin', entityId: id, ip });
  });
  await revokeAllSessions(deps, 'admin', id);
}
