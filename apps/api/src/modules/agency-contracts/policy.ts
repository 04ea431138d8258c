import { NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import { and, eq, type Placeholder, type SQL } from 'drizzle-orm';
import type { ClientPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { agencyContracts } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';

/**
 * The extranet's second layer: every query on contracts and what hangs on them carries this
 * condition, so another customer's row is simply not found. The ids may be placeholders of a
 * prepared statement.
 */
export const ownContracts = (client: { clientId: number | Placeholder }, agencyId?: number | Placeholder): SQL =>
  agencyId === undefined
    ? eq(agencyContracts.clientId, client.clientId)
    : (and(eq(agencyContracts.clientId, client.clientId), eq(agencyContracts.agencyId, agencyId)) as SQL);

/** The caller's contract, or a 404 whether it exists for someone else or not at all. */
export async function findOwnContract(db: DbOrTx, client: ClientPrincipal, agencyContractId: number) {
  const [row] = await db
    .select()
    .from(agencyContracts)
    .where(and(ownContracts(client), eq(agencyContracts.id, agencyContractId)));
  if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.agencyContract);
  return row;
}
