import { randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { DbOrTx } from '../src/db/client.js';
import {
  agencyContractDocuments,
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContractServiceCalls,
  agencyContracts,
  files,
} from '../src/db/schema/index.js';
import type { FileStorage } from '../src/integrations/storage/storage.js';

/**
 * Shared factories for the extranet's rows (contracts and what hangs on them). Every factory
 * takes the test app `t` of `buildTestApp()` (only its `db` and `storage` are used) and
 * returns the inserted row. Defaults are realistic; pass any column to override it.
 */
export interface FactoryHost {
  db: DbOrTx;
  storage: FileStorage;
}

/** File type of the customer's PDFs (quotes, invoices, vouchers, contract documents). */
export const CUSTOMER_DOCUMENT_FILE_TYPE = 14;

let seq = 0;
const next = () => ++seq;
const today = () => new Date().toISOString().slice(0, 10);

/** A real, small, one-page PDF (pdf-lib), so that sniffing and signature stamping work on it. */
export async function pdfBytes(title = 'Document de test'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  // Fixed dates: the same title gives the same bytes.
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setTitle(title);
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 50, y: 780, size: 18, font });
  return Buffer.from(await pdf.save());
}

/** Writes the bytes to the storage and records the `files` row; returns that row. */
export async function storeFile(
  t: FactoryHost,
  bytes: Buffer,
  typeId = CUSTOMER_DOCUMENT_FILE_TYPE,
  name = 'document.pdf',
  mimeType = 'application/pdf',
) {
  const storageKey = `test/${randomUUID()}`;
  await t.storage.put(storageKey, bytes, mimeType);
  const [row] = await t.db.insert(files).values({ typeId, storageKey, fileName: name, mimeType, size: bytes.length }).returning();
  return row!;
}

/** A stored PDF file made by `pdfBytes(title)`. */
export async function storePdf(t: FactoryHost, title = 'Document de test', name = 'document.pdf') {
  return storeFile(t, await pdfBytes(title), CUSTOMER_DOCUMENT_FILE_TYPE, name);
}

type ContractValues = Partial<typeof agencyContracts.$inferInsert> & { clientId: number; agencyId: number };

/** A maintenance contract of the customer with the agency (a gas boiler in Lille by default). */
export async function buildContract(t: FactoryHost, values: ContractValues) {
  const n = next();
  const [row] = await t.db
    .insert(agencyContracts)
    .values({
      reference: `CT-TEST-${n}`,
      route: `${n} rue Nationale`,
      postalCode: '59000',
      locality: 'Lille',
      equipmentType: 'Chaudière gaz à condensation',
      equipmentModel: 'Saunier Duval ThemaPlus Condens',
      renewalDate: '2027-01-01',
      lastMaintenanceDate: '2025-10-15',
      emailAddress: `contrat-${n}@test.fr`,
      mobilePhoneNumber: '06 12 34 56 78',
      landlinePhoneNumber: null,
      ...values,
    })
    .returning();
  return row!;
}

type QuotationValues = Partial<typeof agencyContractQuotations.$inferInsert> & {
  agencyContractId: number;
  /** Stores a real PDF and sets `fileId` (default false; a given `fileId` wins). */
  withFile?: boolean;
  /** Stores a real PDF and sets `envelopeFileId` (a signed quote). */
  withEnvelope?: boolean;
};

/** A quote awaiting the customer's decision (isAccepted false) of 1 250,00 € TTC by default. */
export async function buildQuotation(t: FactoryHost, values: QuotationValues) {
  const { withFile = false, withEnvelope = false, ...rest } = values;
  const n = next();
  const number = rest.number ?? `DE-TEST-${n}`;
  const fileId = rest.fileId ?? (withFile ? (await storePdf(t, `Devis ${number}`, `Devis ${number}.pdf`)).id : null);
  const envelopeFileId =
    rest.envelopeFileId ?? (withEnvelope ? (await storePdf(t, `Devis signé ${number}`, `Devis ${number} signé.pdf`)).id : null);
  const [row] = await t.db
    .insert(agencyContractQuotations)
    .values({ amountIncludingTax: 125_000, issueDate: today(), isAccepted: false, ...rest, number, fileId, envelopeFileId })
    .returning();
  return row!;
}

type InvoiceValues = Partial<typeof agencyContractInvoices.$inferInsert> & {
  agencyContractId: number;
  leftToPayIncludingTax: number;
  /** Stores a real PDF and sets `fileId` (default false; a given `fileId` wins). */
  withFile?: boolean;
};

/** An invoice; its amount defaults to what is left to pay (or 189,00 € when nothing is). */
export async function buildInvoice(t: FactoryHost, values: InvoiceValues) {
  const { withFile = false, ...rest } = values;
  const n = next();
  const number = rest.number ?? `FA-TEST-${n}`;
  const fileId = rest.fileId ?? (withFile ? (await storePdf(t, `Facture ${number}`, `facture-${number}.pdf`)).id : null);
  const [row] = await t.db
    .insert(agencyContractInvoices)
    .values({
      amountIncludingTax: rest.leftToPayIncludingTax > 0 ? rest.leftToPayIncludingTax : 18_900,
      issueDate: today(),
      ...rest,
      number,
      fileId,
    })
    .returning();
  return row!;
}

type ServiceCallValues = Partial<typeof agencyContractServiceCalls.$inferInsert> & {
  agencyContractId: number;
  /** Stores a real PDF as the intervention report and sets `voucherId`. */
  withVoucher?: boolean;
};

/** A service call requested today, not finished, no appointment yet by default. */
export async function buildServiceCall(t: FactoryHost, values: ServiceCallValues) {
  const { withVoucher = false, ...rest } = values;
  const voucherId = rest.voucherId ?? (withVoucher ? (await storePdf(t, "Bon d'intervention", 'bon-intervention.pdf')).id : null);
  const [row] = await t.db
    .insert(agencyContractServiceCalls)
    .values({ requestDate: today(), ...rest, voucherId })
    .returning();
  return row!;
}

type DocumentValues = Partial<typeof agencyContractDocuments.$inferInsert> & {
  agencyContractId: number;
  /** Stores a real PDF and sets `fileId` (default false; a given `fileId` wins). */
  withFile?: boolean;
};

/** A contract document ("Attestation d'entretien" dated today by default). */
export async function buildDocument(t: FactoryHost, values: DocumentValues) {
  const { withFile = false, ...rest } = values;
  const description = rest.description ?? "Attestation d'entretien";
  const fileId = rest.fileId ?? (withFile ? (await storePdf(t, description, 'attestation.pdf')).id : null);
  const [row] = await t.db
    .insert(agencyContractDocuments)
    .values({ date: today(), ...rest, description, fileId })
    .returning();
  return row!;
}
