import type { EquipmentTypeDetail, EquipmentTypeDetailBody } from '@reseau/contracts';
import { NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { agencies, equipmentTypeDetails, equipmentTypes, prestationTypes } from '../../db/schema/index.js';
import { audit } from '../../kernel/audit.js';
import { errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { assertMayWriteDetails, auditActor } from './policy.js';

const present = (row: typeof equipmentTypeDetails.$inferSelect): EquipmentTypeDetail => ({
  id: row.id,
  agencyId: row.agencyId,
  equipmentTypeId: row.equipmentTypeId,
  prestationTypeId: row.prestationTypeId,
  title: row.title,
  prestationsTitle: row.prestationsTitle,
  arguments: row.arguments.map(({ argument }) => ({ argument })),
});

async function assertKnown(tx: DbOrTx, body: EquipmentTypeDetailBody) {
  const missing: Record<string, string[]> = {};
  const [equipment] = await tx
    .select({ id: equipmentTypes.id })
    .from(equipmentTypes)
    .where(eq(equipmentTypes.id, body.equipmentTypeId));
  if (!equipment) missing.equipmentTypeId = ['Valeur inconnue'];
  const [type] = await tx
    .select({ id: prestationTypes.id })
    .from(prestationTypes)
    .where(eq(prestationTypes.id, body.prestationTypeId));
  if (!type) missing.prestationTypeId = ['Valeur inconnue'];
  if (body.agencyId !== null) {
    const [agency] = await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, body.agencyId));
    if (!agency) missing.agencyId = ['Valeur inconnue'];
  }
  if (Object.keys(missing).length > 0) throw errors.validation(missing);
}

/** The texts an equipment type shows: the network's, and the agency's own when one is named. */
export async function listEquipmentTypeDetails(db: DbOrTx, equipmentTypeId: number, agencyId: number | undefined) {
  const rows = await db
    .select()
    .from(equipmentTypeDetails)
    .where(
      and(
        eq(equipmentTypeDetails.equipmentTypeId, equipmentTypeId),
        agencyId === undefined
          ? isNull(equipmentTypeDetails.agencyId)
          : or(isNull(equipmentTypeDetails.agencyId), eq(equipmentTypeDetails.agencyId, agencyId)),
      ),
    )
    .orderBy(asc(equipmentTypeDetails.prestationTypeId), asc(equipmentTypeDetails.id));
  return rows.map(present);
}

/**
 * Creates a block; there is one per (agency, equipment type, prestation type), so a second
 * creation (another tab, a double click) updates the one the first made instead of failing.
 */
export async function createEquipmentTypeDetail({ db, caller: admin, ip }: StaffContext, body: EquipmentTypeDetailBody) {
  assertMayWriteDetails(admin, body.agencyId);
  return db.transaction(async (tx) => {
    await assertKnown(tx, body);
    const [row] = await tx
      .insert(equipmentTypeDetails)
      .values(body)
      .onConflictDoUpdate({
        target: [equipmentTypeDetails.agencyId, equipmentTypeDetails.equipmentTypeId, equipmentTypeDetails.prestationTypeId],
        set: {
          title: sql`excluded.title`,
          prestationsTitle: sql`excluded.prestations_title`,
          arguments: sql`excluded.arguments`,
        },
      })
      .returning();
    await audit(tx, {
      action: 'equipment_type_detail.saved',
      ...auditActor(admin),
      entity: 'equipment_type_detail',
      entityId: row!.id,
      ip,
    });
    return present(row!);
  });
}

/** Updates a block's texts; it keeps its agency, equipment type and prestation type. */
export async function updateEquipmentTypeDetail(
  { db, caller: admin, ip }: StaffContext,
  id: number,
  body: EquipmentTypeDetailBody,
) {
  assertMayWriteDetails(admin, body.agencyId);
  return db.transaction(async (tx) => {
    const sameBlock = and(
      eq(equipmentTypeDetails.id, id),
      body.agencyId === null ? isNull(equipmentTypeDetails.agencyId) : eq(equipmentTypeDetails.agencyId, body.agencyId),
      eq(equipmentTypeDetails.equipmentTypeId, body.equipmentTypeId),
      eq(equipmentTypeDetails.prestationTypeId, body.prestationTypeId),
    );
    const [row] = await tx
      .update(equipmentTypeDetails)
      .set({ title: body.title, prestationsTitle: body.prestationsTitle, arguments: body.arguments })
      .where(sameBlock)
      .returning();
    if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.prestationText);
    await audit(tx, {
      action: 'equipment_type_detail.saved',
      ...auditActor(admin),
      entity: 'equipment_type_detail',
      entityId: id,
      ip,
    });
    return present(row);
  });
}
