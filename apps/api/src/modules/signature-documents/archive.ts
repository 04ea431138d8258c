import { randomUUID } from 'node:crypto';
import {
  SIGNATURE_ARCHIVE_MAX_DAYS,
  SIGNATURE_ARCHIVE_NAME,
  SIGNATURE_MESSAGES,
  SIGNATURE_PDF_FILE_TYPE_ID,
  type SignatureArchiveBody,
} from '@reseau/contracts';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import {
  agencyContractQuotations,
  agencyContracts,
  clients,
  files,
  quotationSignatures,
  signatureDocuments,
} from '../../db/schema/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { deleteQueuedKeys, queueStorageDeletion } from '../../kernel/files/storage-deletion.js';
import { AppError, errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';
import { type ZipEntry, zipStream } from '../../lib/zip.js';
import { periodCondition } from './period.js';
import { assertAgencyInScope } from './policy.js';

/**
 * How long a made archive stays on the storage: its maker's browser downloads it at once, and a
 * day covers a retry. An archive is a copy of envelopes kept elsewhere; kept for ever, each click
 * would add up to a year of PDFs to the storage.
 */
export const ARCHIVE_KEPT_MS = 24 * 3_600_000;
/** How often the sweep of the old archives runs. */
export const ARCHIVE_SWEEP_INTERVAL_MS = 3_600_000;
const ARCHIVE_MIME_TYPE = 'application/zip';

/** An archive holds at most a year of one agency's envelopes; past this size something is wrong. */
const ARCHIVE_MAX_BYTES = 4 * 1024 ** 3 - 1;

/** A name part safe in every unzip tool: no path separators, no control or reserved characters. */
const safe = (text: string) =>
  text
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);

const day = (date: Date) => date.toISOString().slice(0, 10);

interface Envelope {
  folder: 'documents' | 'devis';
  label: string;
  signedAt: Date;
  fileId: number;
  storageKey: string;
}

function checkPeriod(body: SignatureArchiveBody) {
  const days = (Date.parse(body.endDateExcluded) - Date.parse(body.startDateIncluded)) / 86_400_000;
  if (days <= 0) throw errors.validation({ endDateExcluded: [SIGNATURE_MESSAGES.periodOrder] });
  if (days > SIGNATURE_ARCHIVE_MAX_DAYS) throw errors.validation({ endDateExcluded: [SIGNATURE_MESSAGES.periodTooLong] });
}

/** The agency's envelopes signed in the period: its signature documents and its customers' signed quotes. */
async function envelopesOf(deps: AppDeps, body: SignatureArchiveBody): Promise<Envelope[]> {
  const documents = await deps.db
    .select({
      title: signatureDocuments.title,
      firstName: signatureDocuments.clientFirstName,
      lastName: signatureDocuments.clientLastName,
      signedAt: signatureDocuments.signedAt,
      fileId: files.id,
      storageKey: files.storageKey,
    })
    .from(signatureDocuments)
    .innerJoin(files, eq(files.id, signatureDocuments.envelopeFileId))
    .where(
      and(
        eq(signatureDocuments.agencyId, body.agencyId),
        eq(signatureDocuments.status, 'signed'),
        ...periodCondition(signatureDocuments.signedAt, body.startDateIncluded, body.endDateExcluded),
      ),
    )
    .orderBy(asc(signatureDocuments.signedAt), asc(signatureDocuments.id));
  const quotes = await deps.db
    .select({
      number: agencyContractQuotations.number,
      firstName: clients.firstName,
      lastName: clients.lastName,
      signedAt: quotationSignatures.signedAt,
      fileId: files.id,
      storageKey: files.storageKey,
    })
    .from(quotationSignatures)
    .innerJoin(agencyContractQuotations, eq(agencyContractQuotations.id, quotationSignatures.quotationId))
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractQuotations.agencyContractId))
    .innerJoin(clients, eq(clients.id, agencyContracts.clientId))
    .innerJoin(files, eq(files.id, agencyContractQuotations.envelopeFileId))
    .where(
      and(
        eq(agencyContracts.agencyId, body.agencyId),
        eq(quotationSignatures.status, 'signed'),
        isNotNull(agencyContractQuotations.envelopeFileId),
        ...periodCondition(quotationSignatures.signedAt, body.startDateIncluded, body.endDateExcluded),
      ),
    )
    .orderBy(asc(quotationSignatures.signedAt), asc(quotationSignatures.id));
  return [
    ...documents.map((d) => ({
      folder: 'documents' as const,
      label: `${d.title} - ${d.firstName} ${d.lastName}`,
      signedAt: d.signedAt ?? new Date(),
      fileId: d.fileId,
      storageKey: d.storageKey,
    })),
    ...quotes.map((q) => ({
      folder: 'devis' as const,
      label: `Devis ${q.number} - ${q.firstName} ${q.lastName}`,
      signedAt: q.signedAt ?? new Date(),
      fileId: q.fileId,
      storageKey: q.storageKey,
    })),
  ];
}

/** The zip's entries, read one at a time from the storage; names made unique within the archive. */
async function* entriesOf(deps: AppDeps, envelopes: Envelope[]): AsyncGenerator<ZipEntry> {
  const used = new Set<string>();
  for (const envelope of envelopes) {
    const bytes = await deps.storage.get(envelope.storageKey);
    if (!bytes) throw new Error(`envelope ${envelope.fileId} missing from storage`);
    const stem = `${envelope.folder}/${day(envelope.signedAt)} ${safe(envelope.label)}`;
    let name = `${stem}.pdf`;
    for (let n = 2; used.has(name); n += 1) name = `${stem} (${n}).pdf`;
    used.add(name);
    yield { name, bytes, modifiedAt: envelope.signedAt };
  }
}

/**
 * POST /signature-documents:archive: the signed envelopes of one of the caller's agencies over a
 * period, as one `signatures.zip` written to the storage as it is made (one PDF in memory at a
 * time). The archive is a file of the caller's: GET /files/{id} serves it to them alone
 * (holder "upload"), with its name.
 */
export async function createSignatureArchive({ deps, caller: admin, ip }: StaffContext, body: SignatureArchiveBody) {
  assertAgencyInScope(admin, body.agencyId);
  checkPeriod(body);
  const envelopes = await envelopesOf(deps, body);
  if (envelopes.length === 0) throw new AppError('not_found', 404, SIGNATURE_MESSAGES.archiveEmpty);
  const now = new Date();
  const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
  const size = await deps.storage.putStream(storageKey, zipStream(entriesOf(deps, envelopes)), { maxBytes: ARCHIVE_MAX_BYTES });
  try {
    // An export of customers' signed documents: in the audit log with the file (issue 27 §4).
    const fileId = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(files)
        .values({
          typeId: SIGNATURE_PDF_FILE_TYPE_ID,
          storageKey,
          fileName: SIGNATURE_ARCHIVE_NAME,
          mimeType: ARCHIVE_MIME_TYPE,
          size,
          uploadedByAdminId: admin.adminId,
        })
        .returning({ id: files.id });
      await audit(tx, {
        action: 'signature_document.archive_exported',
        ...auditActor(admin),
        entity: 'file',
        entityId: row!.id,
        agencyId: body.agencyId,
        details: { envelopeCount: envelopes.length },
        ip,
      });
      return row!.id;
    });
    return { fileId, envelopeCount: envelopes.length };
  } catch (err) {
    await deps.storage.delete(storageKey).catch(() => {});
    throw err;
  }
}

/**
 * Deletes the archives made more than ARCHIVE_KEPT_MS before `now`: their rows first (a download
 * then answers 404, never a missing object), then their bytes. A row of the type "PDF à signer"
 * holding a zip is an archive: an uploaded file of that type is a PDF (recognised on its bytes).
 * A storage failure leaves the bytes to the `storage_delete` job written with the rows (retried
 * with backoff); the run reports it.
 */
export async function sweepSignatureArchives(deps: Pick<AppDeps, 'db' | 'storage'>, now = new Date()): Promise<number> {
  // The rows and the job that deletes their bytes commit together (kernel/files/storage-deletion.ts).
  const { gone, jobId } = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .delete(files)
      .where(
        and(
          eq(files.typeId, SIGNATURE_PDF_FILE_TYPE_ID),
          eq(files.mimeType, ARCHIVE_MIME_TYPE),
          lt(files.createdAt, new Date(now.getTime() - ARCHIVE_KEPT_MS)),
        ),
      )
      .returning({ storageKey: files.storageKey });
    return {
      gone: rows,
      jobId: await queueStorageDeletion(
        tx,
        rows.map((r) => r.storageKey),
      ),
    };
  });
  const failed = await deleteQueuedKeys(
    deps,
    jobId,
    gone.map((r) => r.storageKey),
  );
  if (failed > 0) throw new Error(`${failed} of ${gone.length} old signature archives left on the storage`);
  return gone.length;
}
