import { randomUUID } from 'node:crypto';
import { SIGNATURE_PDF_FILE_TYPE_ID, type SignatureDocumentStatus } from '@reseau/contracts';
import { inArray } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { stampSignedEnvelope } from '../../integrations/esign/stamp.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import type { DbOrTx } from '../client.js';
import {
  admins,
  agencies,
  agencyContractQuotations,
  agencyContracts,
  clientAgencies,
  clients,
  files,
  quotationSignatures,
  signatureDocuments,
} from '../schema/index.js';
import { agencyName, DEMO_ADHERENTS } from './demo-network.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface DemoSignatureDocument {
  agency: string;
  author: string;
  firstName: string;
  lastName: string;
  title: string;
  status: SignatureDocumentStatus;
  daysAgo: number;
  /** Opened by the recipient (the « seen » tooltip), this many hours after the send. */
  seenAfterHours?: number;
}

const RECIPIENTS = [
  ['Camille', 'Lefebvre'],
  ['Julien', 'Dufour'],
  ['Nathalie', 'Mercier'],
  ['Olivier', 'Gauthier'],
  ['Sophie', 'Bertin'],
  ['Antoine', 'Roussel'],
  ['Élise', 'Caron'],
  ['Hugo', 'Leclercq'],
] as const;

const TITLES = [
  "Contrat d'entretien chaudière gaz 2027",
  'Avenant au contrat pompe à chaleur',
  'Bon de commande désembouage',
  "Contrat d'entretien poêle à granulés",
  'Proposition de remplacement de chaudière',
  'Mandat de prélèvement SEPA',
];

/** Every status over the last four months, for four agencies of three adherents. */
const PLAN: { agency: string; author: string; rows: [SignatureDocumentStatus, number, number?][] }[] = [
  {
    agency: 'lille',
    author: 'dirigeant@demo.fr',
    rows: [
      ['signed', 3, 2],
      ['ongoing', 1, 5],
      ['ongoing', 6],
      ['signed', 18, 1],
      ['declined', 25, 3],
      ['signed', 40, 20],
      ['expired', 70],
      ['created', 12],
      ['signed', 95, 4],
    ],
  },
  {
    agency: 'valenciennes',
    author: 'thomas.caron@demo.fr',
    rows: [
      ['signed', 2, 1],
      ['ongoing', 4],
      ['signed', 33, 6],
      ['declined', 50],
      ['signed', 64, 2],
    ],
  },
  {
    agency: 'dunkerque',
    author: 'bruno.vanderhaeghe@demo.fr',
    rows: [
      ['signed', 9, 3],
      ['ongoing', 2, 1],
      ['expired', 48],
      ['signed', 80, 8],
    ],
  },
  {
    agency: 'tours',
    author: 'ludivine.declercq@demo.fr',
    rows: [
      ['signed', 15, 5],
      ['created', 20],
      ['ongoing', 7],
    ],
  },
];

export const DEMO_SIGNATURE_DOCUMENTS: DemoSignatureDocument[] = PLAN.flatMap(({ agency, author, rows }, a) =>
  rows.map(([status, daysAgo, seenAfterHours], i) => {
    const [firstName, lastName] = RECIPIENTS[(a * 3 + i) % RECIPIENTS.length]!;
    return { agency, author, firstName, lastName, title: TITLES[(a + i) % TITLES.length]!, status, daysAgo, seenAfterHours };
  }),
);

/** Customers (no account) whose quotes were signed online, per agency: the quotations table and the counts. */
export const DEMO_SIGNED_QUOTATIONS: { agency: string; firstName: string; lastName: string; daysAgo: number; signed: boolean }[] =
  [
    { agency: 'lille', firstName: 'Bernard', lastName: 'Vandamme', daysAgo: 4, signed: true },
    { agency: 'lille', firstName: 'Chantal', lastName: 'Deprez', daysAgo: 28, signed: true },
    { agency: 'lille', firstName: 'Michel', lastName: 'Lemaire', daysAgo: 2, signed: false },
    { agency: 'valenciennes', firstName: 'Isabelle', lastName: 'Dhaussy', daysAgo: 11, signed: true },
    { agency: 'dunkerque', firstName: 'Gérard', lastName: 'Vermeersch', daysAgo: 37, signed: true },
    { agency: 'tours', firstName: 'Annie', lastName: 'Moreau', daysAgo: 6, signed: true },
  ];

interface StoredPdf {
  storageKey: string;
  fileName: string;
  size: number;
}
export interface DemoSignaturesPlan {
  documents: { original: StoredPdf; envelope: StoredPdf | null; signedAt: Date | null }[];
  quotations: { original: StoredPdf; envelope: StoredPdf | null; signedAt: Date | null; number: string }[];
}

/** A one-page document of the agency for the recipient, drawn with pdf-lib (version 1.7). */
async function documentPdf(title: string, agency: string, recipient: string, lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const page = pdf.addPage([595.28, 841.89]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawRectangle({ x: 0, y: 780, width: 595.28, height: 62, color: rgb(0.11, 0.21, 0.34) });
  page.drawText(agency, { x: 50, y: 805, size: 16, font: bold, color: rgb(1, 1, 1) });
  page.drawText(title, { x: 50, y: 730, size: 18, font: bold });
  page.drawText(`Destinataire : ${recipient}`, { x: 50, y: 700, size: 11, font: regular });
  for (const [i, line] of lines.entries()) page.drawText(line, { x: 50, y: 660 - i * 18, size: 11, font: regular });
  page.drawText('Lu et approuvé, bon pour accord.', { x: 50, y: 200, size: 11, font: regular });
  return Buffer.from(await pdf.save());
}

async function store(storage: FileStorage, bytes: Buffer, fileName: string): Promise<StoredPdf> {
  const storageKey = `demo/${randomUUID()}`;
  await storage.put(storageKey, bytes, 'application/pdf');
  return { storageKey, fileName, size: bytes.length };
}

const agencyTitle = (key: string) => {
  for (const adherent of DEMO_ADHERENTS) {
    const agency = adherent.agencies.find((a) => a.key === key);
    if (agency) return agencyName(adherent, agency);
  }
  throw new Error(`demo signatures: unknown agency ${key}`);
};

/** The original and, once signed, its envelope stamped as the sandbox stamps it, both stored. */
async function drawAndStore(
  storage: FileStorage,
  doc: { title: string; agency: string; firstName: string; lastName: string; lines: string[]; signedAt: Date | null },
) {
  const recipient = `${doc.firstName} ${doc.lastName}`;
  const bytes = await documentPdf(doc.title, agencyTitle(doc.agency), recipient, doc.lines);
  const envelope = doc.signedAt
    ? await stampSignedEnvelope({
        original: bytes,
        signerName: recipient,
        signerEmailAddress: emailOf(doc.firstName, doc.lastName),
        requestId: randomUUID(),
        title: doc.title,
        signedAt: doc.signedAt,
      })
    : null;
  return {
    original: await store(storage, bytes, `${doc.title}.pdf`),
    envelope: envelope ? await store(storage, envelope, `${doc.title} - signé.pdf`) : null,
    signedAt: doc.signedAt,
  };
}

/** Draws and stores the documents and their stamped envelopes before the seed's transaction. */
export async function prepareDemoSignatures(storage: FileStorage, now: number): Promise<DemoSignaturesPlan> {
  const plan: DemoSignaturesPlan = { documents: [], quotations: [] };
  for (const demo of DEMO_SIGNATURE_DOCUMENTS) {
    const signedAt = demo.status === 'signed' ? new Date(now - demo.daysAgo * DAY + (demo.seenAfterHours ?? 1) * HOUR) : null;
    const lines = [
      'Le présent document précise les conditions de l’intervention et son prix.',
      'Il prend effet à la date de sa signature électronique.',
    ];
    plan.documents.push(await drawAndStore(storage, { ...demo, lines, signedAt }));
  }
  for (const [i, demo] of DEMO_SIGNED_QUOTATIONS.entries()) {
    const number = `DE-2026-S${String(i + 1).padStart(3, '0')}`;
    const signedAt = demo.signed ? new Date(now - demo.daysAgo * DAY + 3 * HOUR) : null;
    const lines = ['Remplacement du circulateur et désembouage du circuit de chauffage.', 'Montant : 1 248,00 € TTC.'];
    plan.quotations.push({ number, ...(await drawAndStore(storage, { ...demo, title: `Devis ${number}`, lines, signedAt })) });
  }
  return plan;
}

export async function discardDemoSignatures(storage: FileStorage, plan: DemoSignaturesPlan): Promise<void> {
  const stored = [...plan.documents, ...plan.quotations].flatMap((p) => [p.original, p.envelope]).filter((p) => p !== null);
  await Promise.all(stored.map((p) => storage.delete(p.storageKey).catch(() => {})));
}

const emailOf = (firstName: string, lastName: string) =>
  `${firstName}.${lastName}`
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .concat('@exemple.fr');

const fileRow = (pdf: StoredPdf, typeId: number) => ({
  typeId,
  storageKey: pdf.storageKey,
  fileName: pdf.fileName,
  mimeType: 'application/pdf',
  size: pdf.size,
});

/** Writes the signature documents and the quotes signed online, in set-based inserts, inside the seed's transaction. */
export async function seedDemoSignatures(tx: DbOrTx, plan: DemoSignaturesPlan, now: number) {
  const agencyRows = await tx.select({ id: agencies.id, name: agencies.name }).from(agencies);
  const agencyId = (key: string) => {
    const found = agencyRows.find((r) => r.name === agencyTitle(key));
    if (!found) throw new Error(`demo signatures: agency ${key} not seeded`);
    return found.id;
  };
  await seedSignatureDocuments(tx, plan, now, agencyId);
  const contractRows = await seedSignedQuotationContracts(tx, agencyId);
  await seedSignedQuotations(tx, plan, now, contractRows);
}

type AgencyIdOf = (key: string) => number;

/** The signature documents sent by the agencies, with their PDFs and envelopes. */
async function seedSignatureDocuments(tx: DbOrTx, plan: DemoSignaturesPlan, now: number, agencyId: AgencyIdOf) {
  const authors = await tx
    .select({ id: admins.id, email: admins.emailAddress })
    .from(admins)
    .where(inArray(admins.emailAddress, [...new Set(DEMO_SIGNATURE_DOCUMENTS.map((d) => d.author))]));
  const authorId = (email: string) => authors.find((a) => a.email === email)?.id ?? null;

  // The sent PDFs and the envelopes, one insert; ids come back in the order given.
  const documentFiles = await tx
    .insert(files)
    .values(
      plan.documents.flatMap((d) => [
        fileRow(d.original, SIGNATURE_PDF_FILE_TYPE_ID),
        ...(d.envelope ? [fileRow(d.envelope, SIGNATURE_PDF_FILE_TYPE_ID)] : []),
      ]),
    )
    .returning({ id: files.id });
  let next = 0;
  const documentRows = DEMO_SIGNATURE_DOCUMENTS.map((demo, i) => {
    const stored = plan.documents[i]!;
    const originalId = documentFiles[next++]!.id;
    const envelopeId = stored.envelope ? documentFiles[next++]!.id : null;
    const sentAt = new Date(now - demo.daysAgo * DAY);
    return {
      agencyId: agencyId(demo.agency),
      authorId: authorId(demo.author),
      clientFirstName: demo.firstName,
      clientLastName: demo.lastName,
      clientEmailAddress: emailOf(demo.firstName, demo.lastName),
      title: demo.title,
      pdfFiles: [{ pdfFileId: originalId }],
      status: demo.status,
      provider: 'sandbox',
      // A failed send never reached the provider; the others are demo requests nobody can open.
      providerRequestId: demo.status === 'created' ? null : `demo-${randomUUID()}`,
      envelopeFileId: envelopeId,
      openingTime: demo.seenAfterHours ? new Date(sentAt.getTime() + demo.seenAfterHours * HOUR) : null,
      signedAt: stored.signedAt,
      creationDate: sentAt,
    };
  });
  await tx.insert(signatureDocuments).values(documentRows);
}

/** Quotes signed online: customers without an account, one contract each. */
async function seedSignedQuotationContracts(tx: DbOrTx, agencyId: AgencyIdOf) {
  const clientRows = await tx
    .insert(clients)
    .values(
      DEMO_SIGNED_QUOTATIONS.map((q) => ({
        emailAddress: emailOf(q.firstName, q.lastName),
        firstName: q.firstName,
        lastName: q.lastName,
      })),
    )
    .returning({ id: clients.id });
  // Every customer is known to the agency of their contract.
  await tx
    .insert(clientAgencies)
    .values(DEMO_SIGNED_QUOTATIONS.map((q, i) => ({ clientId: clientRows[i]!.id, agencyId: agencyId(q.agency) })));
  const contractRows = await tx
    .insert(agencyContracts)
    .values(
      DEMO_SIGNED_QUOTATIONS.map((q, i) => ({
        agencyId: agencyId(q.agency),
        clientId: clientRows[i]!.id,
        reference: `CT-SIGN-${String(i + 1).padStart(3, '0')}`,
        route: `${12 + i} rue des Acacias`,
        postalCode: '59000',
        locality: 'Lille',
        equipmentType: 'Chaudière gaz à condensation',
      })),
    )
    .returning({ id: agencyContracts.id });
  return contractRows;
}

/** The quotes of those contracts and their online signatures. */
async function seedSignedQuotations(tx: DbOrTx, plan: DemoSignaturesPlan, now: number, contractRows: { id: number }[]) {
  // The quote is a customer document (type 14); its stamped envelope, two pages, is kept as a signature PDF.
  const quotationFiles = await tx
    .insert(files)
    .values(
      plan.quotations.flatMap((q) => [
        fileRow(q.original, 14),
        ...(q.envelope ? [fileRow(q.envelope, SIGNATURE_PDF_FILE_TYPE_ID)] : []),
      ]),
    )
    .returning({ id: files.id });
  let next = 0;
  const quotationValues = plan.quotations.map((q, i) => {
    const fileId = quotationFiles[next++]!.id;
    const envelopeFileId = q.envelope ? quotationFiles[next++]!.id : null;
    const demo = DEMO_SIGNED_QUOTATIONS[i]!;
    return {
      agencyContractId: contractRows[i]!.id,
      number: q.number,
      amountIncludingTax: 124_800,
      issueDate: new Date(now - (demo.daysAgo + 3) * DAY).toISOString().slice(0, 10),
      fileId,
      isAccepted: false,
      isAcceptedLocally: envelopeFileId !== null,
      envelopeFileId,
    };
  });
  const quotationRows = await tx
    .insert(agencyContractQuotations)
    .values(quotationValues)
    .returning({ id: agencyContractQuotations.id });
  await tx.insert(quotationSignatures).values(
    plan.quotations.map((q, i) => {
      const started = new Date(now - DEMO_SIGNED_QUOTATIONS[i]!.daysAgo * DAY);
      return {
        quotationId: quotationRows[i]!.id,
        provider: 'sandbox',
        providerRequestId: `demo-${randomUUID()}`,
        status: q.signedAt ? 'signed' : 'ongoing',
        openingTime: q.signedAt,
        signedAt: q.signedAt,
        createdAt: started,
      };
    }),
  );
}
