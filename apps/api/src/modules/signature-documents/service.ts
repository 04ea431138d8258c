import {
  NOT_FOUND_SUBJECTS,
  SIGNATURE_MESSAGES,
  SIGNATURE_PDF_FILE_TYPE_ID,
  type SignatureDocument,
  type SignatureDocumentBody,
  type SignatureDocumentListQuery,
  type SignatureDocumentStatus,
} from '@reseau/contracts';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { agencies, files, signatureDocuments } from '../../db/schema/index.js';
import { SignatureDocumentRejectedError } from '../../integrations/esign/provider.js';
import { mayReadFileCondition } from '../../kernel/files/holders.js';
import { errors } from '../../lib/errors.js';
import { likePattern } from '../../lib/like-pattern.js';
import { domainMetrics } from '../../lib/metrics.js';
import type { StaffContext } from '../../lib/request-context.js';
import { periodCondition } from './period.js';
import { assertAgencyInScope, signatureScope } from './policy.js';
import { buildSignablePdf, signatureErrors } from './signable-pdf.js';

const columns = {
  id: signatureDocuments.id,
  clientFirstName: signatureDocuments.clientFirstName,
  clientLastName: signatureDocuments.clientLastName,
  clientEmailAddress: signatureDocuments.clientEmailAddress,
  title: signatureDocuments.title,
  agencyId: signatureDocuments.agencyId,
  agencyName: agencies.name,
  pdfFiles: signatureDocuments.pdfFiles,
  creationDate: signatureDocuments.creationDate,
  status: signatureDocuments.status,
  envelopeFileId: signatureDocuments.envelopeFileId,
  openingTime: signatureDocuments.openingTime,
};

type Row = Omit<SignatureDocument, 'status' | 'creationDate' | 'openingTime'> & {
  status: string;
  creationDate: Date;
  openingTime: Date | null;
};

const present = (row: Row): SignatureDocument => ({
  ...row,
  status: row.status as SignatureDocumentStatus,
  creationDate: row.creationDate.toISOString(),
  openingTime: row.openingTime?.toISOString() ?? null,
});

/**
 * The PDFs of a send, in the order given: each a signature PDF (type 19) the caller may read (in
 * practice, that they just uploaded). One that is not answers `validation_failed` on `pdfFiles`,
 * whether it does not exist or is someone else's, so ids cannot be probed.
 */
async function readSourcePdfs(deps: AppDeps, admin: AdminPrincipal, fileIds: number[]) {
  if (new Set(fileIds).size !== fileIds.length) throw errors.validation({ pdfFiles: [SIGNATURE_MESSAGES.pdfNotFound] });
  const sources = [];
  // At most SIGNATURE_PDF_FILES_MAX ids: one read check each, as a download would do.
  for (const id of fileIds) {
    const [file] = await deps.db
      .select({
        storageKey: files.storageKey,
        fileName: files.fileName,
        allowed: sql<boolean>`${mayReadFileCondition(admin, id)}`,
      })
      .from(files)
      .where(and(eq(files.id, id), eq(files.typeId, SIGNATURE_PDF_FILE_TYPE_ID)));
    if (!file?.allowed) throw errors.validation({ pdfFiles: [SIGNATURE_MESSAGES.pdfNotFound] });
    const bytes = await deps.storage.get(file.storageKey);
    if (!bytes) throw errors.fileNotFound();
    sources.push({ fileName: file.fileName, bytes });
  }
  return sources;
}

/**
 * Sends PDFs for signature (spec 02 §5, §8): the caller's agency, PDFs checked and merged into
 * one clean envelope, then the row is written `created` and the provider asked to create the
 * request, which mails the recipient. No transaction is held across the provider call. When
 * the provider refuses or fails, the row stays `created` (the "failed" label of spec 02 §4) and
 * the send answers the error; once the provider has it, the row is `ongoing` with its id.
 */
export async function createSignatureDocument({ deps, caller: admin, log }: StaffContext, body: SignatureDocumentBody) {
  assertAgencyInScope(admin, body.agencyId);
  const sources = await readSourcePdfs(
    deps,
    admin,
    body.pdfFiles.map((f) => f.pdfFileId),
  );
  const pdf = await buildSignablePdf(sources);

  const provider = deps.signature;
  const [row] = await deps.db
    .insert(signatureDocuments)
    .values({
      agencyId: body.agencyId,
      authorId: admin.adminId,
      clientFirstName: body.clientFirstName,
      clientLastName: body.clientLastName,
      clientEmailAddress: body.clientEmailAddress,
      title: body.title,
      pdfFiles: body.pdfFiles.map(({ pdfFileId }) => ({ pdfFileId })),
      provider: provider.name,
    })
    .returning({ id: signatureDocuments.id });
  const id = row!.id;

  let created: { id: string };
  try {
    created = await provider.createRequest({
      name: body.title,
      document: { bytes: pdf.bytes, fileName: `${body.title}.pdf`, lastPage: pdf.lastPage },
      signer: { firstName: body.clientFirstName, lastName: body.clientLastName, emailAddress: body.clientEmailAddress },
      deliverByEmail: true,
      externalId: `signature-document-${id}`,
    });
    domainMetrics.signaturesStarted.inc();
  } catch (err) {
    if (err instanceof SignatureDocumentRejectedError) {
      throw err.reason === 'obsolete_version' ? signatureErrors.obsoletePdfVersion() : signatureErrors.invalidDocument();
    }
    log.error({ err, signatureDocumentId: id }, 'signature provider failed to create a request');
    throw signatureErrors.providerUnavailable();
  }
  await deps.db
    .update(signatureDocuments)
    .set({ status: 'ongoing', providerRequestId: created.id })
    .where(and(eq(signatureDocuments.id, id), eq(signatureDocuments.status, 'created')));
  return getSignatureDocument(deps.db, id);
}

export async function getSignatureDocument(db: DbOrTx, id: number): Promise<SignatureDocument> {
  const [row] = await db
    .select(columns)
    .from(signatureDocuments)
    .innerJoin(agencies, eq(agencies.id, signatureDocuments.agencyId))
    .where(eq(signatureDocuments.id, id));
  if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.signatureDocument);
  return present(row);
}

/** GET /signature-documents (spec 02 §7): the caller's agencies' documents, newest first. */
export async function listSignatureDocuments({ db, caller: admin }: StaffContext, query: SignatureDocumentListQuery) {
  assertAgencyInScope(admin, query.agencyId);
  const search = query.search ? likePattern(query.search) : null;
  const conditions: (SQL | undefined)[] = [
    signatureScope(admin, signatureDocuments.agencyId),
    query.agencyId === undefined ? undefined : eq(signatureDocuments.agencyId, query.agencyId),
    query.status === undefined ? undefined : eq(signatureDocuments.status, query.status),
    search
      ? or(
          ilike(sql`${signatureDocuments.clientFirstName} || ' ' || ${signatureDocuments.clientLastName}`, search),
          ilike(sql`${signatureDocuments.clientLastName} || ' ' || ${signatureDocuments.clientFirstName}`, search),
          ilike(signatureDocuments.clientEmailAddress, search),
          ilike(signatureDocuments.title, search),
        )
      : undefined,
    ...periodCondition(signatureDocuments.creationDate, query.startDateIncluded, query.endDateExcluded),
  ];
  const where = and(...conditions);
  const rows = await db
    .select(columns)
    .from(signatureDocuments)
    .innerJoin(agencies, eq(agencies.id, signatureDocuments.agencyId))
    .where(where)
    .orderBy(desc(signatureDocuments.creationDate), desc(signatureDocuments.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(signatureDocuments).where(where);
  return { signatureDocuments: rows.map(present), totalCount: total?.n ?? 0 };
}
