import { createHash } from 'node:crypto';
import {
  FILE_MESSAGES,
  FILE_TYPES,
  IMPORT_FILE_MESSAGES,
  IMPORT_FILE_TYPE_ID,
  type ImportFileAnswer,
  type ImportFileItemType,
} from '@reseau/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  agencyContractDocuments,
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContractServiceCalls,
  files,
  importRefs,
} from '../../db/schema/index.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import { fileErrors } from '../../kernel/files/file-errors.js';
import { storeFile } from '../../kernel/files/service.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import { AppError, errors } from '../../lib/errors.js';
import type { AgencyKeyContext } from './context.js';

export const IMPORT_FILE_TYPE = FILE_TYPES.find((t) => t.fileTypeId === IMPORT_FILE_TYPE_ID)!;

/** Where each item type keeps its PDF. */
const FILE_COLUMN: Record<ImportFileItemType, { table: PgTable; id: AnyPgColumn; file: AnyPgColumn; key: string }> = {
  quotation: {
    table: agencyContractQuotations,
    id: agencyContractQuotations.id,
    file: agencyContractQuotations.fileId,
    key: 'fileId',
  },
  invoice: { table: agencyContractInvoices, id: agencyContractInvoices.id, file: agencyContractInvoices.fileId, key: 'fileId' },
  serviceCall: {
    table: agencyContractServiceCalls,
    id: agencyContractServiceCalls.id,
    file: agencyContractServiceCalls.voucherId,
    key: 'voucherId',
  },
  document: {
    table: agencyContractDocuments,
    id: agencyContractDocuments.id,
    file: agencyContractDocuments.fileId,
    key: 'fileId',
  },
};

const refWhere = (agencyId: number, type: string, externalRef: string) =>
  and(eq(importRefs.agencyId, agencyId), eq(importRefs.type, type), eq(importRefs.externalRef, externalRef));

async function currentFileId(db: DbOrTx, type: ImportFileItemType, entityId: number): Promise<number | null> {
  const c = FILE_COLUMN[type];
  const [row] = await db.select({ fileId: c.file }).from(c.table).where(eq(c.id, entityId));
  return (row?.fileId as number | null | undefined) ?? null;
}

async function dropFile(db: DbOrTx, storage: FileStorage, fileId: number) {
  const [row] = await db.delete(files).where(eq(files.id, fileId)).returning({ storageKey: files.storageKey });
  if (row) await storage.delete(row.storageKey).catch(() => {});
}

async function dropReplacedFile(db: DbOrTx, storage: FileStorage, fileId: number) {
  try {
    await dropFile(db, storage, fileId);
  } catch (err) {
    // Still pointed at from elsewhere (a foreign key refuses the delete): then it is not garbage.
    if (!isForeignKeyViolation(err)) throw err;
  }
}

/**
 * Attaches a PDF to an imported quotation, invoice, service call (its voucher) or document of the
 * key's agency. The bytes' SHA-256 is kept on the reference: the same bytes again store nothing.
 * The bytes are stored before the transaction (no storage round trip inside it); the reference's
 * hash is then set with a conditional UPDATE, so of two identical uploads at once one is kept and
 * the other's copy deleted.
 */
export async function attachImportFile(
  { deps: { db, storage }, caller: { agencyId } }: AgencyKeyContext,
  type: ImportFileItemType,
  externalRef: string,
  bytes: Buffer,
): Promise<ImportFileAnswer> {
  if (bytes.length === 0) throw errors.validation({ file: [FILE_MESSAGES.empty] }, FILE_MESSAGES.empty);
  if (bytes.length > IMPORT_FILE_TYPE.maxSize) throw fileErrors.tooLarge(IMPORT_FILE_TYPE.maxSize);
  const [ref] = await db
    .select({ entityId: importRefs.entityId, fileHash: importRefs.fileHash })
    .from(importRefs)
    .where(refWhere(agencyId, type, externalRef));
  if (!ref?.entityId) throw new AppError('not_found', 404, IMPORT_FILE_MESSAGES.unknownItem);
  const entityId = ref.entityId;
  const hash = createHash('sha256').update(bytes).digest('base64url');
  const unchanged = async (): Promise<ImportFileAnswer | null> => {
    const fileId = await currentFileId(db, type, entityId);
    return fileId === null ? null : { fileId, status: 'unchanged' };
  };
  if (ref.fileHash === hash) {
    const same = await unchanged();
    if (same) return same;
  }
  const stored = await storeFile(db, storage, null, {
    fileType: IMPORT_FILE_TYPE,
    clientFileName: `${externalRef}.pdf`,
    bytes,
  });
  const outcome = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(importRefs)
      .set({ fileHash: hash })
      .where(and(refWhere(agencyId, type, externalRef), sql`${importRefs.fileHash} is distinct from ${hash}`))
      .returning({ entityId: importRefs.entityId });
    if (claimed.length === 0) return null;
    const before = await currentFileId(tx, type, entityId);
    const c = FILE_COLUMN[type];
    await tx
      .update(c.table)
      .set({ [c.key]: stored.id })
      .where(eq(c.id, entityId));
    return { fileId: stored.id, status: before === null ? 'created' : 'updated', before } as const;
  });
  if (outcome) {
    // The replaced PDF is nobody's any more: its row and bytes go (once the new one is committed).
    if (outcome.before !== null) await dropReplacedFile(db, storage, outcome.before);
    return { fileId: outcome.fileId, status: outcome.status };
  }
  // Another upload of the same bytes was recorded first: keep its file, drop this copy.
  await dropFile(db, storage, stored.id);
  const same = await unchanged();
  if (!same) throw new Error('import file hash set without its file');
  return same;
}
