import { and, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AgencyScopeShape, agencyScope, agencyScopeTemplate } from '../../auth/agency-scope.js';
import type { AdminPrincipal, Principal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { agencies, clientAgencies } from '../../db/schema/index.js';

/**
 * The agencies a caller may see, as a condition of the query itself so that an agency outside
 * it is simply not found: network roles see every agency, adherent-level admins the agencies
 * they act for, customers the agencies they are a customer of.
 */
export function visibleAgencies(db: DbOrTx, principal: Principal): SQL | undefined {
  if (principal.kind === 'client') return ofCustomer(db, principal.clientId);
  return agencyScope(principal, agencies.id);
}

const ofCustomer = (db: DbOrTx, clientId: number | Placeholder) =>
  inArray(
    agencies.id,
    db.select({ agencyId: clientAgencies.agencyId }).from(clientAgencies).where(eq(clientAgencies.clientId, clientId)),
  );

/**
 * The agencies a staff user may change: every agency for network roles, for adherent-level
 * callers only the agencies they act for, and only of their own adherent (spec 00 §6).
 */
export function writableAgency(admin: AdminPrincipal, agencyId: number): SQL | undefined {
  return and(eq(agencies.id, agencyId), agencyScope(admin, agencies.id, agencies.adherentId));
}

/**
 * Turning an agency on or off belongs to whoever manages adherents (the adherent page's switch).
 * A caller without adherents_administration may send the state only unchanged: the condition is
 * part of the UPDATE, so the stored state decides, not an earlier read.
 */
export function stateUnchangedUnlessAllowed(admin: AdminPrincipal, isActive: boolean | undefined): SQL | undefined {
  if (isActive === undefined || admin.permissions.has('adherents_administration')) return undefined;
  return eq(agencies.isActive, isActive);
}

/** Staff who edit agencies (the agency form) also read its settings; customers never do. */
export function mayReadAgencySettings(principal: Principal): boolean {
  return (
    principal.kind === 'admin' &&
    (principal.permissions.has('agency_info_administration') || principal.permissions.has('adherents_administration'))
  );
}

/** `visibleAgencies` for a prepared statement: `shape` names its SQL, `values` fill its placeholders. */
export interface VisibleAgenciesTemplate {
  shape: 'customer' | AgencyScopeShape;
  condition: (db: DbOrTx) => SQL | undefined;
  values: { clientId?: number; agencyIds?: number[] };
}

/** The same rule as `visibleAgencies`, with the caller's ids as placeholders: staff's part is `agencyScopeTemplate`. */
export function visibleAgenciesTemplate(principal: Principal): VisibleAgenciesTemplate {
  if (principal.kind === 'client') {
    return {
      shape: 'customer',
      condition: (db) => ofCustomer(db, sql.placeholder('clientId')),
      values: { clientId: principal.clientId },
    };
  }
  const scope = agencyScopeTemplate(principal, agencies.id);
  return { shape: scope.shape, condition: () => scope.condition, values: scope.values };
}
