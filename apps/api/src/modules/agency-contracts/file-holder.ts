import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import {
  agencyContractDocuments,
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContractServiceCalls,
  agencyContracts,
} from '../../db/schema/index.js';
import type { FileHolderCheck } from '../files/access.js';

/** The contracts holding this file: quote (original or signed envelope), invoice, voucher, document. */
const contractsHoldingFile = (fileId: number) => sql`(
  select ${agencyContractQuotations.agencyContractId} from ${agencyContractQuotations}
    where ${or(eq(agencyContractQuotations.fileId, fileId), eq(agencyContractQuotations.envelopeFileId, fileId))}
  union all
  select ${agencyContractInvoices.agencyContractId} from ${agencyContractInvoices}
    where ${eq(agencyContractInvoices.fileId, fileId)}
  union all
  select ${agencyContractServiceCalls.agencyContractId} from ${agencyContractServiceCalls}
    where ${eq(agencyContractServiceCalls.voucherId, fileId)}
  union all
  select ${agencyContractDocuments.agencyContractId} from ${agencyContractDocuments}
    where ${eq(agencyContractDocuments.fileId, fileId)}
)`;

/** Who may see a contract: its customer, or an admin acting for its agency (network roles: all). */
function contractReader(principal: Principal): SQL | undefined {
  if (principal.kind === 'client') return eq(agencyContracts.clientId, principal.clientId);
  if (principal.agencyIds === null) return undefined;
  if (principal.agencyIds.length === 0) return sql`false`;
  return inArray(agencyContracts.agencyId, [...principal.agencyIds]);
}

/**
 * Files hanging on a customer's contract may be read by that customer and by the admins of the
 * contract's agency. One query.
 */
export const agencyContractFileHolder: FileHolderCheck = async (db: DbOrTx, principal: Principal, fileId: number) => {
  const rows = await db
    .select({ id: agencyContracts.id })
    .from(agencyContracts)
    .where(and(sql`${agencyContracts.id} in ${contractsHoldingFile(fileId)}`, contractReader(principal)))
    .limit(1);
  return rows.length > 0;
};
