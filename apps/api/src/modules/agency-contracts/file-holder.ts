import type { PermissionCode } from '@reseau/contracts';
import { sql } from 'drizzle-orm';
import { mayActForAgency } from '../../auth/agency-scope.js';
import type { Principal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import {
  agencyContractDocuments,
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContractServiceCalls,
  agencyContracts,
} from '../../db/schema/index.js';
import type { FileGate } from '../files/access.js';

/** Staff read a customer's files only with the customers' permission (spec 00 §6), for the agency. */
export const CUSTOMER_FILES_PERMISSION: PermissionCode = 'contact_administration';

/** The contracts holding this file: quote (original or signed envelope), invoice, voucher, document. */
const contractsHoldingFile = (fileId: number) => sql`(
  select ${agencyContractQuotations.agencyContractId} from ${agencyContractQuotations}
    where ${agencyContractQuotations.fileId} = ${fileId} or ${agencyContractQuotations.envelopeFileId} = ${fileId}
  union all
  select ${agencyContractInvoices.agencyContractId} from ${agencyContractInvoices}
    where ${agencyContractInvoices.fileId} = ${fileId}
  union all
  select ${agencyContractServiceCalls.agencyContractId} from ${agencyContractServiceCalls}
    where ${agencyContractServiceCalls.voucherId} = ${fileId}
  union all
  select ${agencyContractDocuments.agencyContractId} from ${agencyContractDocuments}
    where ${agencyContractDocuments.fileId} = ${fileId}
)`;

/** Who may read what hangs on a contract: its customer, or staff of its agency allowed to see customers. */
function mayReadContractFiles(principal: Principal, contract: { clientId: number; agencyId: number }): boolean {
  if (principal.kind === 'client') return contract.clientId === principal.clientId;
  if (!principal.permissions.has(CUSTOMER_FILES_PERMISSION)) return false;
  return mayActForAgency(principal, contract.agencyId);
}

/**
 * Files hanging on a customer's contract: this gate alone decides for them (no uploader or
 * other holder can grant them). One query.
 */
export const agencyContractFileGate: FileGate = async (db: DbOrTx, principal: Principal, fileId: number) => {
  const contracts = await db
    .select({ clientId: agencyContracts.clientId, agencyId: agencyContracts.agencyId })
    .from(agencyContracts)
    .where(sql`${agencyContracts.id} in ${contractsHoldingFile(fileId)}`);
  if (contracts.length === 0) return null;
  return contracts.some((contract) => mayReadContractFiles(principal, contract));
};
