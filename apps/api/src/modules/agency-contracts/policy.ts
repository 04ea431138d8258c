import { and, eq, type Placeholder, type SQL } from 'drizzle-orm';
import { agencyContracts } from '../../db/schema/index.js';

/**
 * The extranet's second layer: every query on contracts and what hangs on them carries this
 * condition, so another customer's row is simply not found. The ids may be placeholders of a
 * prepared statement.
 */
export const ownContracts = (client: { clientId: number | Placeholder }, agencyId?: number | Placeholder): SQL =>
  agencyId === undefined
    ? eq(agencyContracts.clientId, client.clientId)
    : (and(eq(agencyContracts.clientId, client.clientId), eq(agencyContracts.agencyId, agencyId)) as SQL);
