import type { ToDoItem } from '@reseau/contracts';
import { and, desc, eq, gt, isNotNull, isNull, notExists } from 'drizzle-orm';
import {
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContracts,
  invoicePayments,
  quotationSignatures,
} from '../../db/schema/index.js';
import type { CustomerContext } from '../../lib/request-context.js';
import { ownContracts } from '../agency-contracts/policy.js';

/**
 * The dashboard's to-do list for one agency: quotes awaiting the customer's decision and
 * invoices to pay, each with its PDF (spec 03 §2 and §4). Quotes first, newest first.
 *
 * - quote: the agency awaits a decision (isAccepted false), the customer has neither accepted nor
 *   refused it here, it has a file, and no signature has completed (no envelope, no signed request);
 * - invoice: something is left to pay, it is not paid here (locally or by a recorded card
 *   payment awaiting the agency's books), and it has a file.
 */
export async function listMyToDoList({ db, caller: client }: CustomerContext, agencyId: number): Promise<ToDoItem[]> {
  const quotations = await db
    .select({
      id: agencyContractQuotations.id,
      number: agencyContractQuotations.number,
      amountIncludingTax: agencyContractQuotations.amountIncludingTax,
      fileId: agencyContractQuotations.fileId,
      agencyContractId: agencyContractQuotations.agencyContractId,
    })
    .from(agencyContractQuotations)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractQuotations.agencyContractId))
    .where(
      and(
        ownContracts(client, agencyId),
        eq(agencyContractQuotations.isAccepted, false),
        eq(agencyContractQuotations.isAcceptedLocally, false),
        eq(agencyContractQuotations.isRefusedLocally, false),
        isNotNull(agencyContractQuotations.fileId),
        isNull(agencyContractQuotations.envelopeFileId),
        notExists(
          db
            .select({ id: quotationSignatures.id })
            .from(quotationSignatures)
            .where(
              and(eq(quotationSignatures.quotationId, agencyContractQuotations.id), eq(quotationSignatures.status, 'signed')),
            ),
        ),
      ),
    )
    .orderBy(desc(agencyContractQuotations.issueDate), desc(agencyContractQuotations.id));

  const invoices = await db
    .select({
      id: agencyContractInvoices.id,
      number: agencyContractInvoices.number,
      amountIncludingTax: agencyContractInvoices.leftToPayIncludingTax,
      fileId: agencyContractInvoices.fileId,
      agencyContractId: agencyContractInvoices.agencyContractId,
    })
    .from(agencyContractInvoices)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractInvoices.agencyContractId))
    .where(
      and(
        ownContracts(client, agencyId),
        gt(agencyContractInvoices.leftToPayIncludingTax, 0),
        eq(agencyContractInvoices.isPaidLocally, false),
        isNotNull(agencyContractInvoices.fileId),
        notExists(
          db
            .select({ id: invoicePayments.id })
            .from(invoicePayments)
            .where(and(eq(invoicePayments.invoiceId, agencyContractInvoices.id), eq(invoicePayments.status, 'paid'))),
        ),
      ),
    )
    .orderBy(desc(agencyContractInvoices.issueDate), desc(agencyContractInvoices.id));

  return [
    ...quotations.map((q) => ({ type: 'quotation' as const, ...q, fileId: q.fileId! })),
    ...invoices.map((i) => ({ type: 'invoice' as const, ...i, fileId: i.fileId! })),
  ];
}
