import type { NetworkPrestation, NetworkPrestationBody } from '@reseau/contracts';
import { NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { networkPrestations } from '../../db/schema/index.js';
import { audit } from '../../kernel/audit.js';
import { errors } from '../../lib/errors.js';
import { moveAfter } from '../../lib/reorder.js';
import type { StaffContext } from '../../lib/request-context.js';
import { auditActor, seesInactiveNetworkPrestations } from './policy.js';
import { preparePrestation, presentNetwork } from './shared.js';

/** Agency staff never see a network prestation the network switched off. */
const visible = (admin: AdminPrincipal) =>
  seesInactiveNetworkPrestations(admin) ? undefined : eq(networkPrestations.isActive, true);

/** Every network prestation the caller may see, by equipment type then in the catalogue's order. */
export async function listNetworkPrestations({ db, caller: admin }: StaffContext): Promise<NetworkPrestation[]> {
  const rows = await db
    .select()
    .from(networkPrestations)
    .where(visible(admin))
    .orderBy(asc(networkPrestations.equipmentTypeId), asc(networkPrestations.sortOrder), asc(networkPrestations.id));
  return rows.map((row) => presentNetwork(row));
}

export async function getNetworkPrestation({ db, caller: admin }: StaffContext, id: number): Promise<NetworkPrestation> {
  const [row] = await db
    .select()
    .from(networkPrestations)
    .where(and(eq(networkPrestations.id, id), visible(admin)));
  if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.prestation);
  return presentNetwork(row);
}

/** Last of its equipment type; a tie left by two concurrent creations is mended by the next reorder. */
const lastOf = (equipmentTypeId: number) =>
  sql`(select coalesce(max(${networkPrestations.sortOrder}), 0) + 1 from ${networkPrestations} where ${networkPrestations.equipmentTypeId} = ${equipmentTypeId})`;

export async function createNetworkPrestation({ db, caller: admin, ip }: StaffContext, body: NetworkPrestationBody) {
  return db.transaction(async (tx) => {
    const values = await preparePrestation(tx, admin, body);
    const [row] = await tx
      .insert(networkPrestations)
      .values({ ...values, isMandatory: body.isMandatory, sortOrder: lastOf(body.equipmentTypeId) })
      .returning({ id: networkPrestations.id });
    await audit(tx, {
      action: 'network_prestation.created',
      ...auditActor(admin),
      entity: 'network_prestation',
      entityId: row!.id,
      ip,
    });
    return { id: row!.id };
  });
}

export async function updateNetworkPrestation({ db, caller: admin, ip }: StaffContext, id: number, body: NetworkPrestationBody) {
  await db.transaction(async (tx) => {
    const values = await preparePrestation(tx, admin, body);
    const [updated] = await tx
      .update(networkPrestations)
      .set({
        ...values,
        isMandatory: body.isMandatory,
        // Moved to another equipment type: it goes last there.
        sortOrder: sql`case when ${networkPrestations.equipmentTypeId} = ${body.equipmentTypeId} then ${networkPrestations.sortOrder} else ${lastOf(body.equipmentTypeId)} end`,
      })
      .where(eq(networkPrestations.id, id))
      .returning({ id: networkPrestations.id });
    if (!updated) throw errors.notFound(NOT_FOUND_SUBJECTS.prestation);
    await audit(tx, {
      action: 'network_prestation.updated',
      ...auditActor(admin),
      entity: 'network_prestation',
      entityId: id,
      ip,
    });
  });
}

/** Deleting it also deletes every agency's price and switch for it (cascade). */
export async function deleteNetworkPrestation({ db, caller: admin, ip }: StaffContext, id: number) {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(networkPrestations)
      .where(eq(networkPrestations.id, id))
      .returning({ id: networkPrestations.id });
    if (deleted.length === 0) throw errors.notFound(NOT_FOUND_SUBJECTS.prestation);
    await audit(tx, {
      action: 'network_prestation.deleted',
      ...auditActor(admin),
      entity: 'network_prestation',
      entityId: id,
      ip,
    });
  });
}

/** Moves a prestation within its equipment type (0 = first). */
export async function reorderNetworkPrestation(db: DbOrTx, movedId: number, newPrecedingId: number) {
  const [moved] = await db
    .select({ equipmentTypeId: networkPrestations.equipmentTypeId })
    .from(networkPrestations)
    .where(eq(networkPrestations.id, movedId));
  if (!moved) throw errors.notFound(NOT_FOUND_SUBJECTS.prestation);
  await moveAfter(
    db,
    { table: networkPrestations, id: networkPrestations.id, sortOrder: networkPrestations.sortOrder },
    {
      movedId,
      newPrecedingId,
      scope: eq(networkPrestations.equipmentTypeId, moved.equipmentTypeId),
      fields: { moved: 'reorderedPrestationId', preceding: 'newPrecedingPrestationId' },
      what: NOT_FOUND_SUBJECTS.prestation,
    },
  );
}
