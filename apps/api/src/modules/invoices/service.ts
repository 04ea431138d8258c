import type { AgencyContractInvoice, AgencyContractInvoiceListQuery } from '@reseau/contracts';
import { NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { agencyContractInvoices, agencyContracts } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import type { CustomerContext } from '../../lib/request-context.js';
import { ownContracts } from '../agency-contracts/policy.js';
import { ownInvoice } from './policy.js';

/** The caller's invoices, of one contract and/or one agency, newest first. */
export async function listMyInvoices(
  { db, caller: client }: CustomerContext,
  query: AgencyContractInvoiceListQuery,
): Promise<AgencyContractInvoice[]> {
  const rows = await db
    .select({
      id: agencyContractInvoices.id,
      number: agencyContractInvoices.number,
      issueDate: agencyContractInvoices.issueDate,
      amountIncludingTax: agencyContractInvoices.amountIncludingTax,
      leftToPayIncludingTax: agencyContractInvoices.leftToPayIncludingTax,
      isPaidLocally: agencyContractInvoices.isPaidLocally,
      paymentMean: agencyContractInvoices.paymentMean,
      paymentDate: agencyContractInvoices.paymentDate,
      fileId: agencyContractInvoices.fileId,
      agencyContractId: agencyContractInvoices.agencyContractId,
    })
    .from(agencyContractInvoices)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractInvoices.agencyContractId))
    .where(
      and(
        ownContracts(client, query.agencyId),
        query.agencyContractId === undefined ? undefined : eq(agencyContracts.id, query.agencyContractId),
      ),
    )
    .orderBy(desc(agencyContractInvoices.issueDate), desc(agencyContractInvoices.id));
  return rows.map((r) => ({ ...r, hasFile: r.fileId !== null }));
}

/** The file id of the caller's invoice (null when it has none); 404 for another customer's. */
export async function findMyInvoiceFileId({ db, caller: client }: CustomerContext, invoiceId: number): Promise<number | null> {
  const [row] = await db
    .select({ fileId: agencyContractInvoices.fileId })
    .from(agencyContractInvoices)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractInvoices.agencyContractId))
    .where(ownInvoice(client, invoiceId));
  if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.invoice);
  return row.fileId;
}
