import {
  ADHERENT_AVATAR_FILE_TYPE,
  ADHERENT_MESSAGES,
  ADHERENT_USER_MESSAGES,
  ADMIN_TYPE,
  type AdherentAdmin,
  type AdherentAdminWrite,
  MESSAGES,
  NOT_FOUND_SUBJECTS,
} from '@reseau/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { mayActForAgency } from '../../auth/agency-scope.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { adherents, adminAgencies, admins, agencies } from '../../db/schema/index.js';
import { audit } from '../../kernel/audit.js';
import { checkAttachedFiles } from '../../kernel/files/attached-files.js';
import { isUniqueViolationOf } from '../../lib/db-errors.js';
import { AppError, errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { changedAgenciesAllowed } from '../adherent-users/policy.js';
import { assertMayActForAdherent } from '../adherents/policy.js';
import { actor } from '../adherents/service.js';
import { assertMayTouchRole, visibleAdherentAdmins, writableAdherentAdmins } from './policy.js';

type Body = AdherentAdminWrite;

/** The columns every view of an adherent account reads (adherent admins here, adherent users beside). */
export const adherentAccountColumns = {
  id: admins.id,
  adherentId: admins.adherentId,
  firstName: admins.firstName,
  lastName: admins.lastName,
  position: admins.position,
  phone: admins.phone,
  emailAddress: admins.emailAddress,
  roleId: admins.roleId,
  avatarFileId: admins.avatarFileId,
  isActive: admins.isActive,
  agencyIds: sql<
    number[]
  >`coalesce((select array_agg(${adminAgencies.agencyId} order by ${adminAgencies.agencyId}) from ${adminAgencies} where ${adminAgencies.adminId} = ${admins.id}), '{}')`,
};

const columns = {
  ...adherentAccountColumns,
  isHidden: admins.isHidden,
  doNotShowOnMap: admins.doNotShowOnMap,
  cooperativeRoles: admins.cooperativeRoles,
};

/** An account's agency ids as the API answers them. */
export const agencyList = (agencyIds: readonly (number | string)[]) =>
  agencyIds.map((agencyId) => ({ agencyId: Number(agencyId) }));
type Row = Omit<AdherentAdmin, 'agencies' | 'adherentId'> & { adherentId: number | null; agencyIds: number[] };
const present = ({ agencyIds, adherentId, ...row }: Row): AdherentAdmin => ({
  ...row,
  adherentId: adherentId ?? 0,
  agencies: agencyList(agencyIds),
});

export async function listAdherentAdmins(
  { db, caller }: StaffContext,
  query: { adherentId?: number; adminId?: number },
): Promise<AdherentAdmin[]> {
  // `adminId`: the admins of that admin's adherent (the adherent page opened from a user).
  const ofAdmin =
    query.adminId === undefined
      ? undefined
      : db.select({ a: admins.adherentId }).from(admins).where(eq(admins.id, query.adminId));
  const rows = await db
    .select(columns)
    .from(admins)
    .where(
      and(
        visibleAdherentAdmins(caller),
        query.adherentId === undefined ? undefined : eq(admins.adherentId, query.adherentId),
        ofAdmin === undefined ? undefined : inArray(admins.adherentId, ofAdmin),
      ),
    )
    .orderBy(asc(admins.lastName), asc(admins.firstName), asc(admins.id));
  return rows.map(present);
}

export async function getAdherentAdmin({ db, caller }: StaffContext, id: number): Promise<AdherentAdmin> {
  const [row] = await db
    .select(columns)
    .from(admins)
    .where(and(eq(admins.id, id), visibleAdherentAdmins(caller)));
  if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.user);
  return present(row);
}

/** The refusal of the map rule, with the admins already shown (the screen offers to open one). */
async function alreadyOnMap(db: DbOrTx, adherentId: number, exceptId: number | null): Promise<AppError> {
  const shown = await db
    .select({ id: admins.id })
    .from(admins)
    .where(
      and(
        eq(admins.adherentId, adherentId),
        eq(admins.isAdherentAdmin, true),
        eq(admins.doNotShowOnMap, false),
        exceptId === null ? undefined : ne(admins.id, exceptId),
      ),
    );
  return new AppError('adherent_admin_already_on_map', 409, ADHERENT_MESSAGES.adminAlreadyOnMap, undefined, {
    adminAdherentIds: shown.map((r) => r.id),
  });
}

/**
 * Checks of a write that need the database: the role is an adherent one, the agencies the
 * adherent's, and for an adherent-level caller only its own agencies given or taken away (the
 * admin's agencies `before` the write; none for a new one). Without `agencies`, a new admin gets
 * every agency of the adherent the caller holds, and an edited one keeps theirs.
 */
async function checkBody(deps: AppDeps, caller: AdminPrincipal, body: Body, before: readonly number[] | null) {
  assertMayActForAdherent(caller, body.adherentId);
  const role = deps.roles.get(body.roleId);
  if (!role || role.adminTypeId !== ADMIN_TYPE.adherent)
    throw errors.validation({ roleId: [ADHERENT_MESSAGES.adherentRoleOnly] });
  assertMayTouchRole(caller, body.roleId);
  const [adherent] = await deps.db
    .select({ regionId: adherents.regionId })
    .from(adherents)
    .where(eq(adherents.id, body.adherentId));
  if (!adherent) throw errors.validation({ adherentId: [MESSAGES.required] });
  const own = await deps.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.adherentId, body.adherentId));
  const ownIds = new Set(own.map((a) => a.id));
  if (body.agencies?.some((a) => !ownIds.has(a.agencyId)))
    throw errors.validation({ agencies: [ADHERENT_USER_MESSAGES.adherentAgenciesOnly] });
  const agencyIds = body.agencies
    ? [...new Set(body.agencies.map((a) => a.agencyId))]
    : (before ?? [...ownIds].filter((id) => mayActForAgency(caller, id)));
  if (!changedAgenciesAllowed(caller, before ?? [], agencyIds))
    throw errors.validation({ agencies: [ADHERENT_USER_MESSAGES.ownAgenciesOnly] });
  await checkAttachedFiles(deps.db, caller, {
    avatarFileId: { fileId: body.avatarFileId, fileTypeIds: [ADHERENT_AVATAR_FILE_TYPE] },
  });
  return { regionId: adherent.regionId, agencyIds };
}

export const emailUsed = () => errors.validation({ emailAddress: [ADHERENT_USER_MESSAGES.emailUsed] });

function values(body: Body, regionId: number) {
  const { agencies: _, ...fields } = body;
  return { ...fields, regionId, isAdherentAdmin: true };
}

/** The address is one account's across the platform (admins_email_unique, case-insensitive; archived ones keep theirs). */
export async function emailTaken(db: DbOrTx, email: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(sql`lower(${admins.emailAddress}) = lower(${email})`, exceptId === null ? undefined : ne(admins.id, exceptId)));
  return row !== undefined;
}

/** Runs a write; the partial unique index decides the map rule, the email index the address. */
async function guarded<T>(deps: AppDeps, body: Body, exceptId: number | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolationOf(e, 'admins_one_on_map_per_adherent')) throw await alreadyOnMap(deps.db, body.adherentId, exceptId);
    if (isUniqueViolationOf(e, 'admins_email_unique')) throw emailUsed();
    throw e;
  }
}

export async function createAdherentAdmin(ctx: StaffContext, body: Body) {
  const { deps, caller, ip } = ctx;
  const { regionId, agencyIds } = await checkBody(deps, caller, body, null);
  if (await emailTaken(deps.db, body.emailAddress, null)) throw emailUsed();
  const id = await guarded(deps, body, null, () =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(admins).values(values(body, regionId)).returning({ id: admins.id });
      if (agencyIds.length) await tx.insert(adminAgencies).values(agencyIds.map((agencyId) => ({ adminId: row!.id, agencyId })));
      await audit(tx, { action: 'adherent_admin.created', ...actor(caller), entity: 'admin', entityId: row!.id, ip });
      return row!.id;
    }),
  );
  return getAdherentAdmin(ctx, id);
}

export async function updateAdherentAdmin(ctx: StaffContext, id: number, body: Body) {
  const { deps, caller, ip } = ctx;
  const current = await getAdherentAdmin(ctx, id);
  assertMayTouchRole(caller, current.roleId);
  // An admin stays with their adherent: moving one is not an edit of this form.
  if (current.adherentId !== body.adherentId) throw errors.validation({ adherentId: [ADHERENT_USER_MESSAGES.adherentFixed] });
  const { regionId, agencyIds } = await checkBody(
    deps,
    caller,
    body,
    current.agencies.map((a) => a.agencyId),
  );
  if (await emailTaken(deps.db, body.emailAddress, id)) throw emailUsed();
  await guarded(deps, body, id, () =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(admins)
        .set(values(body, regionId))
        .where(and(eq(admins.id, id), writableAdherentAdmins(caller)))
        .returning({ id: admins.id });
      if (!row) throw errors.forbidden();
      if (body.agencies) {
        await tx.delete(adminAgencies).where(eq(adminAgencies.adminId, id));
        if (agencyIds.length) await tx.insert(adminAgencies).values(agencyIds.map((agencyId) => ({ adminId: id, agencyId })));
      }
      await audit(tx, { action: 'adherent_admin.updated', ...actor(caller), entity: 'admin', entityId: id, ip });
    }),
  );
  return getAdherentAdmin(ctx, id);
}
