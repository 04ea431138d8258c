import { type AnyColumn, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ClientPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import {
  agencies,
  agencyContractDocuments,
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContractServiceCalls,
  agencyContracts,
  auditLog,
  clientAgencies,
  clientInvitations,
  clients,
  contacts,
  files,
  invoicePayments,
  quotationSignatures,
} from '../../db/schema/index.js';
import { mayReadFileCondition } from '../../kernel/files/holders.js';
import { accountSecurity } from './account-security.js';

/** A PDF the customer may already download, to copy into the ZIP under `name`. */
export interface ExportedFile {
  name: string;
  storageKey: string;
  modifiedAt: Date;
}

/** A name part safe in every unzip tool: no path separators, no control or reserved characters. */
export const safeName = (text: string) =>
  text
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);

const byContract = <T extends { agencyContractId: number }>(rows: T[], id: number) =>
  rows.filter((r) => r.agencyContractId === id).map(({ agencyContractId: _c, ...rest }) => rest);

/** The customer's account, agencies and the invitation that brought them. Never the password's hash. */
async function accountOf(db: DbOrTx, clientId: number) {
  const [account] = await db
    .select({
      id: clients.id,
      emailAddress: clients.emailAddress,
      firstName: clients.firstName,
      lastName: clients.lastName,
      emailVerifiedAt: clients.emailVerifiedAt,
      isActive: clients.isActive,
      createdAt: clients.createdAt,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  const agencyRows = await db
    .select({
      id: agencies.id,
      name: agencies.name,
      address1: agencies.address1,
      address2: agencies.address2,
      postalCode: agencies.postalCode,
      city: agencies.city,
    })
    .from(clientAgencies)
    .innerJoin(agencies, eq(agencies.id, clientAgencies.agencyId))
    .where(eq(clientAgencies.clientId, clientId))
    .orderBy(asc(agencies.name));
  const invitations = await db
    .select({ agencyId: clientInvitations.agencyId, invitedAt: clientInvitations.invitedAt })
    .from(clientInvitations)
    .where(eq(clientInvitations.clientId, clientId));
  return { account, agencies: agencyRows, invitations };
}

/** Quotes with their signature requests, invoices with their payments, service calls, documents. */
async function contractChildren(db: DbOrTx, contractIds: number[]) {
  const inContracts = (column: AnyColumn) => (contractIds.length === 0 ? sql`false` : inArray(column, contractIds));
  const quotations = await db
    .select()
    .from(agencyContractQuotations)
    .where(inContracts(agencyContractQuotations.agencyContractId))
    .orderBy(asc(agencyContractQuotations.id));
  const quotationIds = quotations.map((q) => q.id);
  const signatures = quotationIds.length
    ? await db
        .select({
          quotationId: quotationSignatures.quotationId,
          provider: quotationSignatures.provider,
          status: quotationSignatures.status,
          openingTime: quotationSignatures.openingTime,
          signedAt: quotationSignatures.signedAt,
          createdAt: quotationSignatures.createdAt,
        })
        .from(quotationSignatures)
        .where(inArray(quotationSignatures.quotationId, quotationIds))
    : [];
  const invoices = await db
    .select()
    .from(agencyContractInvoices)
    .where(inContracts(agencyContractInvoices.agencyContractId))
    .orderBy(asc(agencyContractInvoices.id));
  const invoiceIds = invoices.map((i) => i.id);
  const payments = invoiceIds.length
    ? await db
        .select({
          invoiceId: invoicePayments.invoiceId,
          provider: invoicePayments.provider,
          amount: invoicePayments.amount,
          emailAddress: invoicePayments.emailAddress,
          status: invoicePayments.status,
          paidAt: invoicePayments.paidAt,
          createdAt: invoicePayments.createdAt,
        })
        .from(invoicePayments)
        .where(inArray(invoicePayments.invoiceId, invoiceIds))
    : [];
  const serviceCalls = await db
    .select()
    .from(agencyContractServiceCalls)
    .where(inContracts(agencyContractServiceCalls.agencyContractId));
  const documents = await db.select().from(agencyContractDocuments).where(inContracts(agencyContractDocuments.agencyContractId));
  return { quotations, signatures, invoices, payments, serviceCalls, documents };
}

/** The customer's contracts (equipment included), each with what hangs on it. */
async function contractsOf(db: DbOrTx, clientId: number) {
  const contracts = await db
    .select()
    .from(agencyContracts)
    .where(eq(agencyContracts.clientId, clientId))
    .orderBy(asc(agencyContracts.id));
  const c = await contractChildren(
    db,
    contracts.map((row) => row.id),
  );
  const agencyContractsOut = contracts.map(({ clientId: _client, ...contract }) => ({
    ...contract,
    equipment: { equipmentType: contract.equipmentType, equipmentModel: contract.equipmentModel },
    quotations: byContract(c.quotations, contract.id).map((q) => ({
      ...q,
      signatures: c.signatures.filter((s) => s.quotationId === q.id).map(({ quotationId: _q, ...s }) => s),
    })),
    invoices: byContract(c.invoices, contract.id).map((i) => ({
      ...i,
      payments: c.payments.filter((p) => p.invoiceId === i.id).map(({ invoiceId: _i, ...p }) => p),
    })),
    serviceCalls: byContract(c.serviceCalls, contract.id),
    documents: byContract(c.documents, contract.id),
  }));
  return { agencyContracts: agencyContractsOut, children: c, contracts };
}

/** Demands and messages the customer sent to their agencies, and what the audit log says they did. */
async function historyOf(db: DbOrTx, clientId: number) {
  const demands = await db
    .select({
      id: contacts.id,
      agencyId: contacts.agencyId,
      type: contacts.type,
      fullName: contacts.fullName,
      emailAddress: contacts.emailAddress,
      phone: contacts.phone,
      address: contacts.address,
      postalCode: contacts.postalCode,
      city: contacts.city,
      isProcessed: contacts.isProcessed,
      data: contacts.data,
      createdAt: contacts.createdAt,
    })
    .from(contacts)
    .where(eq(contacts.clientId, clientId))
    .orderBy(asc(contacts.id));
  const auditEntries = await db
    .select({ at: auditLog.at, action: auditLog.action, entity: auditLog.entity, entityId: auditLog.entityId, ip: auditLog.ip })
    .from(auditLog)
    .where(eq(auditLog.actorClientId, clientId))
    .orderBy(desc(auditLog.at));
  return { contacts: demands, auditLog: auditEntries };
}

type Children = Awaited<ReturnType<typeof contractChildren>>;
type Contract = typeof agencyContracts.$inferSelect;

/** Every file id the contracts' rows hold, with the name it takes in the ZIP. */
function candidateFiles(contracts: Contract[], c: Children) {
  const reference = new Map(contracts.map((row) => [row.id, safeName(row.reference)]));
  const out: { fileId: number; label: string }[] = [];
  const add = (fileId: number | null, contractId: number, label: string) => {
    if (fileId !== null) out.push({ fileId, label: `${reference.get(contractId)}/${safeName(label)}` });
  };
  for (const q of c.quotations) {
    add(q.fileId, q.agencyContractId, `Devis ${q.number}`);
    add(q.envelopeFileId, q.agencyContractId, `Devis ${q.number} signé`);
  }
  for (const i of c.invoices) add(i.fileId, i.agencyContractId, `Facture ${i.number}`);
  for (const s of c.serviceCalls) add(s.voucherId, s.agencyContractId, `Bon d'intervention ${s.requestDate}`);
  for (const d of c.documents) add(d.fileId, d.agencyContractId, `${d.date} ${d.description}`);
  return out;
}

/**
 * The PDFs of the customer's contracts that the customer may download today: each one checked
 * with the files' own read rule (kernel/files/holders.ts) for this customer, so that the ZIP never
 * holds a file the extranet would refuse them.
 */
async function readableFiles(db: DbOrTx, client: ClientPrincipal, contracts: Contract[], c: Children): Promise<ExportedFile[]> {
  const used = new Set<string>();
  const out: ExportedFile[] = [];
  for (const candidate of candidateFiles(contracts, c)) {
    const [file] = await db
      .select({ storageKey: files.storageKey, fileName: files.fileName, createdAt: files.createdAt })
      .from(files)
      .where(and(eq(files.id, candidate.fileId), sql`${mayReadFileCondition(client, candidate.fileId)}`));
    if (!file) continue;
    const extension = /\.[a-z0-9]{1,5}$/i.exec(file.fileName)?.[0] ?? '.pdf';
    const stem = `documents/${candidate.label}`;
    let name = `${stem}${extension}`;
    for (let n = 2; used.has(name); n += 1) name = `${stem} (${n})${extension}`;
    used.add(name);
    out.push({ name, storageKey: file.storageKey, modifiedAt: file.createdAt });
  }
  return out;
}

/** What the platform holds about a customer (issue 28 §1): the JSON's content and the PDFs to add. */
export async function clientExportContent(db: DbOrTx, clientId: number) {
  const { account, agencies: agencyRows, invitations } = await accountOf(db, clientId);
  if (!account) return null;
  const principal: ClientPrincipal = { kind: 'client', clientId, emailAddress: account.emailAddress, sessionId: null };
  const { agencyContracts: contractsOut, children, contracts } = await contractsOf(db, clientId);
  const history = await historyOf(db, clientId);
  const security = await accountSecurity(db, 'client', clientId);
  const pdfs = await readableFiles(db, principal, contracts, children);
  const data = {
    account,
    agencies: agencyRows,
    invitations,
    agencyContracts: contractsOut,
    contacts: history.contacts,
    ...security,
    auditLog: history.auditLog,
    documents: pdfs.map((f) => f.name),
  };
  return { emailAddress: account.emailAddress, firstName: account.firstName, data, files: pdfs };
}
