import { eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { agencyScope } from '../../auth/agency-scope.js';
import type { Principal } from '../../auth/principal.js';
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

/** `visibleAgencies` for a prepared statement: `shape` names its SQL, `values` fill its placeholders. */
export interface VisibleAgenciesTemplate {
  shape: 'customer' | 'all' | 'none' | 'listed';
  condition: (db: DbOrTx) => SQL | undefined;
  values: { clientId?: number; agencyIds?: number[] };
}

/** The same rule as `visibleAgencies` (and agencyScope's: no agency sees nothing), with the caller's ids as placeholders. */
export function visibleAgenciesTemplate(principal: Principal): VisibleAgenciesTemplate {
  if (principal.kind === 'client') {
    return {
      shape: 'customer',
      condition: (db) => ofCustomer(db, sql.placeholder('clientId')),
      values: { clientId: principal.clientId },
    };
  }
  if (principal.agencyIds === null) return { shape: 'all', condition: () => undefined, values: {} };
  if (principal.agencyIds.length === 0) return { shape: 'none', condition: () => sql`false`, values: {} };
  return {
    shape: 'listed',
    condition: () => sql`${agencies.id} = any(${sql.placeholder('agencyIds')}::integer[])`,
    values: { agencyIds: [...principal.agencyIds] },
  };
}
