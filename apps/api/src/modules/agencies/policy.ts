import { eq, inArray, type SQL } from 'drizzle-orm';
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
  if (principal.kind === 'client') {
    const own = db
      .select({ agencyId: clientAgencies.agencyId })
      .from(clientAgencies)
      .where(eq(clientAgencies.clientId, principal.clientId));
    return inArray(agencies.id, own);
  }
  return agencyScope(principal, agencies.id);
}
