import type { EquipmentType } from '@reseau/contracts';
import { MESSAGES, NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { assertOwnAgency } from '../../auth/guards.js';
import type { DbOrTx } from '../../db/client.js';
import {
  agencyNetworkPrestations,
  agencyPrestations,
  brands,
  equipmentTypes,
  networkPrestations,
  prestationColors,
  prestationTypes,
} from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { listEquipmentTypeDetails } from './details-service.js';
import { seesInactiveNetworkPrestations } from './policy.js';
import { presentAgency, presentNetwork } from './shared.js';

export const listPrestationColors = (db: DbOrTx) =>
  db.select({ id: prestationColors.id, code: prestationColors.code }).from(prestationColors).orderBy(asc(prestationColors.id));
export const listPrestationTypes = (db: DbOrTx) =>
  db.select({ id: prestationTypes.id, code: prestationTypes.code }).from(prestationTypes).orderBy(asc(prestationTypes.id));
export const listEquipmentTypes = (db: DbOrTx) =>
  db.select({ id: equipmentTypes.id, name: equipmentTypes.name }).from(equipmentTypes).orderBy(asc(equipmentTypes.id));
export const listBrands = (db: DbOrTx) => db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name));

/**
 * One equipment type with its prestations. Without `agencyId`, the network's view (network staff
 * only). With it, that agency's view: the active network prestations with the agency's price and
 * switch, and the agency's own prestations. Agency staff must name one of their agencies.
 */
export async function getEquipmentType(
  { db, caller: admin }: StaffContext,
  id: number,
  agencyId: number | undefined,
): Promise<EquipmentType> {
  if (agencyId === undefined && admin.agencyIds !== null) throw errors.validation({ agencyId: [MESSAGES.required] });
  if (agencyId !== undefined) assertOwnAgency(admin, agencyId);
  const [type] = await db.select().from(equipmentTypes).where(eq(equipmentTypes.id, id));
  if (!type) throw errors.notFound(NOT_FOUND_SUBJECTS.equipmentType);

  const order = [asc(networkPrestations.sortOrder), asc(networkPrestations.id)];
  const ofType = eq(networkPrestations.equipmentTypeId, id);
  if (agencyId === undefined) {
    const rows = await db
      .select()
      .from(networkPrestations)
      .where(ofType)
      .orderBy(...order);
    return {
      id: type.id,
      name: type.name,
      networkPrestations: rows.map((row) => presentNetwork(row)),
      agencyPrestations: [],
      details: await listEquipmentTypeDetails(db, id, undefined),
    };
  }

  const networkRows = await db
    .select({ prestation: networkPrestations, settings: agencyNetworkPrestations })
    .from(networkPrestations)
    .leftJoin(
      agencyNetworkPrestations,
      and(
        eq(agencyNetworkPrestations.networkPrestationId, networkPrestations.id),
        eq(agencyNetworkPrestations.agencyId, agencyId),
      ),
    )
    .where(and(ofType, seesInactiveNetworkPrestations(admin) ? undefined : eq(networkPrestations.isActive, true)))
    .orderBy(...order);
  const ownRows = await db
    .select()
    .from(agencyPrestations)
    .where(and(eq(agencyPrestations.agencyId, agencyId), eq(agencyPrestations.equipmentTypeId, id)))
    .orderBy(asc(agencyPrestations.sortOrder), asc(agencyPrestations.id));
  return {
    id: type.id,
    name: type.name,
    networkPrestations: networkRows.map(({ prestation, settings }) => presentNetwork(prestation, settings)),
    agencyPrestations: ownRows.map(presentAgency),
    details: await listEquipmentTypeDetails(db, id, agencyId),
  };
}
