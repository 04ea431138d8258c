import { IMPORT_CHANGES_PAGE, type ImportChange, type ImportChangeKind, type ImportChanges } from '@reseau/contracts';
import { and, asc, eq, gt, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agencyContractInvoices, agencyContractQuotations, contacts, importRefs } from '../../db/schema/index.js';
import type { AgencyKeyContext } from './context.js';

/** The contacts (spec 02 "demands") that record a customer's doing on a contract, by type. */
const FEED_TYPES = [
  'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT',
  'AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT',
  'AGENCY_CONTRACT_INVOICE_PAID_CONTACT',
  'CLIENT_EMAIL_CHANGE_CONTACT',
  'CLIENT_PHONES_CHANGE_CONTACT',
] as const;

type Data = Record<string, unknown>;

function kindOf(type: string, data: Data): ImportChangeKind {
  switch (type) {
    case 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT':
      return data.quotationState === 'signed' ? 'quotation_signed' : 'quotation_accepted';
    case 'AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT':
      return 'quotation_refused';
    case 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT':
      return 'invoice_paid';
    case 'CLIENT_EMAIL_CHANGE_CONTACT':
      return 'contract_email_changed';
    default:
      return 'contract_phones_changed';
  }
}

/** What the software needs of each change (never file ids, which mean nothing outside). */
function dataOf(kind: ImportChangeKind, data: Data): Data {
  if (kind.startsWith('quotation_')) return { number: data.quotationNumber, amountIncludingTax: data.amountIncludingTax };
  if (kind === 'invoice_paid') {
    return {
      number: data.invoiceNumber,
      amountIncludingTax: data.amountIncludingTax,
      paymentDate: data.paymentDate,
      ...(data.refundDue ? { refundDue: true } : {}),
    };
  }
  if (kind === 'contract_email_changed') return { emailAddress: data.emailAddress };
  return { mobilePhoneNumber: data.mobilePhoneNumber ?? null, landlinePhoneNumber: data.landlinePhoneNumber ?? null };
}

/** The external references of the agency's rows of `type` with these ids. */
async function refsOf(db: Db, agencyId: number, type: string, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ entityId: importRefs.entityId, externalRef: importRefs.externalRef })
    .from(importRefs)
    .where(and(eq(importRefs.agencyId, agencyId), eq(importRefs.type, type), inArray(importRefs.entityId, ids)));
  return new Map(rows.map((r) => [r.entityId!, r.externalRef]));
}

/**
 * The feed of what the agency's customers did in the extranet since a time (quote decisions,
 * payments, contact and phone changes), oldest first, by pages; read from the agency's demands
 * (contacts), which every one of these actions records. Quotes and invoices are named by their
 * number on the contract, turned back into the software's references here.
 */
export async function listImportChanges(
  { db, caller: { agencyId } }: AgencyKeyContext,
  since: Date,
  cursor = 0,
): Promise<ImportChanges> {
  const rows = await db
    .select({ id: contacts.id, type: contacts.type, data: contacts.data, createdAt: contacts.createdAt })
    .from(contacts)
    .where(
      and(
        eq(contacts.agencyId, agencyId),
        inArray(contacts.type, [...FEED_TYPES]),
        gte(contacts.createdAt, since),
        gt(contacts.id, cursor),
      ),
    )
    .orderBy(asc(contacts.id))
    .limit(IMPORT_CHANGES_PAGE + 1);
  const page = rows.slice(0, IMPORT_CHANGES_PAGE);
  const contractIdOf = (d: Data) => (typeof d.agencyContractId === 'number' ? d.agencyContractId : null);
  const contractIds = [...new Set(page.map((r) => contractIdOf(r.data)).filter((id): id is number => id !== null))];
  const contractRefs = await refsOf(db, agencyId, 'contract', contractIds);
  // Quotes and invoices of these contracts, by contract and number.
  const byNumber = async (table: typeof agencyContractQuotations | typeof agencyContractInvoices, type: string) => {
    if (contractIds.length === 0) return new Map<string, string>();
    const rows = await db
      .select({ id: table.id, contractId: table.agencyContractId, number: table.number })
      .from(table)
      .where(inArray(table.agencyContractId, contractIds));
    const refs = await refsOf(
      db,
      agencyId,
      type,
      rows.map((r) => r.id),
    );
    const map = new Map<string, string>();
    for (const r of rows) {
      const ref = refs.get(r.id);
      if (ref) map.set(`${r.contractId}\u0000${r.number}`, ref);
    }
    return map;
  };
  const quotationRefs = await byNumber(agencyContractQuotations, 'quotation');
  const invoiceRefs = await byNumber(agencyContractInvoices, 'invoice');
  const changes: ImportChange[] = page.map((r) => {
    const kind = kindOf(r.type, r.data);
    const contractId = contractIdOf(r.data);
    const key = (n: unknown) => `${contractId}\u0000${String(n)}`;
    return {
      id: r.id,
      kind,
      at: r.createdAt.toISOString(),
      contractRef: contractId === null ? null : (contractRefs.get(contractId) ?? null),
      quotationRef: kind.startsWith('quotation_') ? (quotationRefs.get(key(r.data.quotationNumber)) ?? null) : null,
      invoiceRef: kind === 'invoice_paid' ? (invoiceRefs.get(key(r.data.invoiceNumber)) ?? null) : null,
      data: dataOf(kind, r.data),
    };
  });
  return { changes, nextCursor: page.at(-1)?.id ?? cursor, hasMore: rows.length > IMPORT_CHANGES_PAGE };
}
