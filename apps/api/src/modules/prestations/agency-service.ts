import type { AgencyPrestation, AgencyPrestationBody } from '@reseau/contracts';
import { AGENCY_PRESTATION_COLOR_ID, MESSAGES, NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { agencyScope } from '../../auth/agency-scope.js';
import { assertOwnAgency } from '../../auth/guards.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { agencies, agencyPrestations } from '../../db/schema/index.js';
import { audit } from '../../kernel/audit.js';
import { errors } from '../../lib/errors.js';
import { moveAfter } from '../../lib/reorder.js';
import type { StaffContext } from '../../lib/request-context.js';
import { auditActor } from './policy.js';
import { preparePrestation, presentAgency, toCents } from './shared.js';

const inScope = (admin: AdminPrincipal) => agencyScope(admin, agencyPrestations.agencyId);

export async function listAgencyPrestations({ db, caller: admin }: StaffContext, agencyId: number): Promise<AgencyPrestation[]> {
  assertOwnAgency(admin, agencyId);
  const rows = await db
    .select()
    .from(agencyPrestations)
    .where(eq(agencyPrestations.agencyId, agencyId))
    .orderBy(asc(agencyPrestations.equipmentTypeId), asc(agencyPrestations.sortOrder), asc(agencyPrestations.id));
  return rows.map(presentAgency);
}

/** One prestation of an agency the caller acts for; another agency's is "not found". */
export async function getAgencyPrestation({ db, caller: admin }: StaffContext, id: number): Promise<AgencyPrestation> {
  const [row] = await db
    .select()
    .from(agencyPrestations)
    .where(and(eq(agencyPrestations.id, id), inScope(admin)));
  if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.prestation);
  return presentAgency(row);
}

async function assertAgencyExists(tx: DbOrTx, agencyId: number) {
  const [agency] = await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId));
  if (!agency) throw errors.validation({ agencyId: [MESSAGES.unknownValue] });
}

const lastOf = (agencyId: number, equipmentTypeId: number) =>
  sql`(select coalesce(max(${agencyPrestations.sortOrder}), 0) + 1 from ${agencyPrestations} where ${agencyPrestations.agencyId} = ${agencyId} and ${agencyPrestations.equipmentTypeId} = ${equipmentTypeId})`;

/**
 * The colour of an agency prestation is the network's choice (spec 01 §5): the server sets it,
 * whatever was sent, so a crafted request cannot change it either.
 */
const lockedColour = (body: AgencyPrestationBody) => ({ ...body, prestationColorId: AGENCY_PRESTATION_COLOR_ID });

export async function createAgencyPrestation({ db, caller: admin, ip }: StaffContext, body: AgencyPrestationBody) {
  assertOwnAgency(admin, body.agencyId);
  return db.transaction(async (tx) => {
    await assertAgencyExists(tx, body.agencyId);
    const values = await preparePrestation(tx, admin, lockedColour(body));
    const [row] = await tx
      .insert(agencyPrestations)
      .values({
        ...values,
        agencyId: body.agencyId,
        priceCents: toCents(body.price),
        sortOrder: lastOf(body.agencyId, body.equipmentTypeId),
      })
      .returning({ id: agencyPrestations.id });
    await audit(tx, {
      action: 'agency_prestation.created',
      ...auditActor(admin),
      entity: 'agency_prestation',
      entityId: row!.id,
      ip,
    });
    return { id: row!.id };
  });
}

/** The prestation stays with its agency: `agencyId` must be the one it already belongs to. */
export async function updateAgencyPrestation({ db, caller: admin, ip }: StaffContext, id: number, body: AgencyPrestationBody) {
  assertOwnAgency(admin, body.agencyId);
  await db.transaction(async (tx) => {
    const values = await preparePrestation(tx, admin, lockedColour(body));
    const [updated] = await tx
      .update(agencyPrestations)
      .set({
        ...values,
        priceCents: toCents(body.price),
        sortOrder: sql`case when ${agencyPrestations.equipmentTypeId} = ${body.equipmentTypeId} then ${agencyPrestations.sortOrder} else ${lastOf(body.agencyId, body.equipmentTypeId)} end`,
      })
      .where(and(eq(agencyPrestations.id, id), eq(agencyPrestations.agencyId, body.agencyId), inScope(admin)))
      .returning({ id: agencyPrestations.id });
    if (!updated) throw errors.notFound(NOT_FOUND_SUBJECTS.prestation);
    await audit(tx, { action: 'agency_prestation.updated', ...auditActor(admin), entity: 'agency_prestation', entityId: id, ip });
  });
}

export async function deleteAgencyPrestation({ db, caller: admin, ip }: StaffContext, id: number) {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(agencyPrestations)
      .where(and(eq(agencyPrestations.id, id), inScope(admin)))
      .returning({ id: agencyPrestations.id });
    if (deleted.length === 0) throw errors.notFound(NOT_FOUND_SUBJECTS.prestation);
    await audit(tx, { action: 'agency_prestation.deleted', ...auditActor(admin), entity: 'agency_prestation', entityId: id, ip });
  });
}

/** Moves a prestation within its agency's list for its equipment type (0 = first). */
export async function reorderAgencyPrestation({ db, caller: admin }: StaffContext, movedId: number, newPrecedingId: number) {
  const [moved] = await db
    .select({ agencyId: agencyPrestations.agencyId, equipmentTypeId: agencyPrestations.equipmentTypeId })
    .from(agencyPrestations)
    .where(and(eq(agencyPrestations.id, movedId), inScope(admin)));
  if (!moved) throw errors.notFound(NOT_FOUND_SUBJECTS.prestation);
  await moveAfter(
    db,
    { table: agencyPrestations, id: agencyPrestations.id, sortOrder: agencyPrestations.sortOrder },
    {
      movedId,
      newPrecedingId,
      scope: and(eq(agencyPrestations.agencyId, moved.agencyId), eq(agencyPrestations.equipmentTypeId, moved.equipmentTypeId)),
      fields: { moved: 'reorderedPrestationId', preceding: 'newPrecedingPrestationId' },
      what: NOT_FOUND_SUBJECTS.prestation,
    },
  );
}
