import type { AgencyNetworkPrestationBody, AgencyNetworkPrestationUpdate } from '@reseau/contracts';
import { MESSAGES, NOT_FOUND_SUBJECTS, PRESTATION_MESSAGES } from '@reseau/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { agencyScope } from '../../auth/agency-scope.js';
import { assertOwnAgency } from '../../auth/guards.js';
import { agencies, agencyNetworkPrestations, networkPrestations } from '../../db/schema/index.js';
import { audit } from '../../kernel/audit.js';
import { errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { auditActor } from './policy.js';
import { toCents, toEuros } from './shared.js';

const present = (row: typeof agencyNetworkPrestations.$inferSelect) => ({
  id: row.id,
  agencyId: row.agencyId,
  networkPrestationId: row.networkPrestationId,
  price: row.priceCents === null ? null : toEuros(row.priceCents),
  isActive: row.isActive,
});

/** Agencies cannot switch off what the network made mandatory (spec 01 §4). */
function assertToggleAllowed(isMandatory: boolean, isActive: boolean) {
  if (isMandatory && !isActive) throw errors.validation({ isActive: [PRESTATION_MESSAGES.mandatoryToggle] });
}

/**
 * First price entry or first toggle of a network prestation for an agency. The pair's unique key
 * settles two first entries at once (two tabs, a double click): the second updates the record the
 * first created instead of failing or making a twin, so both answer the one record.
 */
export async function createAgencyNetworkPrestation({ db, caller: admin, ip }: StaffContext, body: AgencyNetworkPrestationBody) {
  assertOwnAgency(admin, body.agencyId);
  return db.transaction(async (tx) => {
    const [agency] = await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, body.agencyId));
    if (!agency) throw errors.validation({ agencyId: [MESSAGES.unknownValue] });
    const [network] = await tx
      .select({ isMandatory: networkPrestations.isMandatory })
      .from(networkPrestations)
      .where(and(eq(networkPrestations.id, body.networkPrestationId), eq(networkPrestations.isActive, true)));
    if (!network) throw errors.validation({ networkPrestationId: [MESSAGES.unknownValue] });
    assertToggleAllowed(network.isMandatory, body.isActive);
    const [row] = await tx
      .insert(agencyNetworkPrestations)
      .values({
        agencyId: body.agencyId,
        networkPrestationId: body.networkPrestationId,
        priceCents: body.price === null ? null : toCents(body.price),
        isActive: body.isActive,
      })
      .onConflictDoUpdate({
        target: [agencyNetworkPrestations.agencyId, agencyNetworkPrestations.networkPrestationId],
        set: { priceCents: sql`excluded.price_cents`, isActive: sql`excluded.is_active`, updatedAt: sql`now()` },
      })
      .returning();
    if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.prestation);
    await audit(tx, {
      action: 'agency_network_prestation.created',
      ...auditActor(admin),
      entity: 'agency_network_prestation',
      entityId: row.id,
      ip,
    });
    return present(row);
  });
}

export async function updateAgencyNetworkPrestation(
  { db, caller: admin, ip }: StaffContext,
  id: number,
  body: AgencyNetworkPrestationUpdate,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ isMandatory: networkPrestations.isMandatory })
      .from(agencyNetworkPrestations)
      .innerJoin(networkPrestations, eq(networkPrestations.id, agencyNetworkPrestations.networkPrestationId))
      .where(and(eq(agencyNetworkPrestations.id, id), agencyScope(admin, agencyNetworkPrestations.agencyId)));
    if (!current) throw errors.notFound(NOT_FOUND_SUBJECTS.prestation);
    assertToggleAllowed(current.isMandatory, body.isActive);
    const [row] = await tx
      .update(agencyNetworkPrestations)
      .set({ priceCents: body.price === null ? null : toCents(body.price), isActive: body.isActive, updatedAt: sql`now()` })
      .where(eq(agencyNetworkPrestations.id, id))
      .returning();
    await audit(tx, {
      action: 'agency_network_prestation.updated',
      ...auditActor(admin),
      entity: 'agency_network_prestation',
      entityId: id,
      ip,
    });
    return present(row!);
  });
}
