import type { AgencyContractDocument } from '@reseau/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { agencyContractDocuments, agencyContracts } from '../../db/schema/index.js';
import type { CustomerContext } from '../../lib/request-context.js';
import { ownContracts } from '../agency-contracts/policy.js';
import { findOwnContract } from '../agency-contracts/service.js';

/** Documents of one of the caller's contracts, newest first; another's contract is a 404. */
export async function listMyContractDocuments(
  { db, caller: client }: CustomerContext,
  agencyContractId: number,
): Promise<AgencyContractDocument[]> {
  await findOwnContract(db, client, agencyContractId);
  const rows = await db
    .select({
      id: agencyContractDocuments.id,
      description: agencyContractDocuments.description,
      date: agencyContractDocuments.date,
      fileId: agencyContractDocuments.fileId,
    })
    .from(agencyContractDocuments)
    .where(eq(agencyContractDocuments.agencyContractId, agencyContractId))
    .orderBy(desc(agencyContractDocuments.date), desc(agencyContractDocuments.id));
  return rows.map((r) => ({ ...r, hasFile: r.fileId !== null }));
}

/** The file id of one of the caller's documents, or null (someone else's, unknown, or without file). */
export async function findMyDocumentFileId({ db, caller: client }: CustomerContext, documentId: number): Promise<number | null> {
  const [row] = await db
    .select({ fileId: agencyContractDocuments.fileId })
    .from(agencyContractDocuments)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractDocuments.agencyContractId))
    .where(and(ownContracts(client), eq(agencyContractDocuments.id, documentId)));
  return row?.fileId ?? null;
}
