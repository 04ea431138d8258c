import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { FILE_MESSAGES, FILE_TYPES, type FilePreviewWidth, PREVIEWABLE_MIME_TYPES } from '@reseau/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { type FileStorage, StorageLimitExceeded } from '../../integrations/storage/storage.js';
import { errors } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { fileErrors } from './file-errors.js';
import { sanitizeFileName } from './file-name.js';
import { auditedAgencyOf, auditedHolderOf, mayReadFileCondition } from './holders.js';
import { previewOf } from './preview.js';
import { SNIFF_HEAD_BYTES, type Sniffing, sniffMimeType, startSniffing } from './sniff.js';
import { type FileType, LARGEST_MAX_SIZE, type StoredUpload, type Upload } from './upload.js';
import { recordWithinQuota, type UploadAllowance, type UploadQuota } from './upload-quota.js';

export function listFileTypes() {
  return FILE_TYPES.map(({ fileTypeId, allowedMimeTypes, maxSize }) => ({
    fileTypeId,
    allowedMimeTypes: [...allowedMimeTypes],
    maxSize,
  }));
}

/** `yyyy/mm/<uuid>`: made by the server, so nothing a client sends reaches a storage path. */
function newStorageKey(now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}

/** A whole file already in memory (a provider's signed document). */
export interface BufferedFile {
  fileType: FileType;
  clientFileName: string;
  bytes: Buffer;
}

/** Checks the bytes against the type, stores them, then records the file (no uploader: an agency's software, by its key). */
export async function storeFile(db: DbOrTx, storage: FileStorage, principal: Principal | null, file: BufferedFile) {
  const { fileType, bytes } = file;
  const mimeType = await sniffMimeType(bytes);
  if (!isAllowed(fileType, mimeType)) throw fileErrors.typeNotAllowed(fileType.allowedMimeTypes);
  const storageKey = newStorageKey();
  await storage.put(storageKey, bytes, mimeType);
  return recordFile(db, storage, principal, {
    fileType,
    clientFileName: file.clientFileName,
    storageKey,
    mimeType,
    size: bytes.length,
  });
}

/**
 * Streams an upload to the storage (never whole in memory): its type is sniffed from its head
 * and, when the type is known, a type the field does not accept is refused before the rest is
 * read; past the type's maxSize it is refused with 413, past what the account's daily quota has
 * left with 429 (upload-quota.ts). Answers the stored bytes, to be checked against their type and
 * recorded (`finish`) or deleted (`discard`): a refused or failed upload leaves no bytes and no row.
 * Without a type yet (the form sent the file before its `typeId`), the largest type's size bounds
 * the stream and every check waits for `finish`.
 */
export async function storeUpload(
  { db, deps: { storage }, caller: principal }: RequestContext,
  upload: Upload,
  allowance: UploadAllowance,
): Promise<StoredUpload<{ id: number }>> {
  const known = upload.fileType;
  const typeLimit = known?.maxSize ?? LARGEST_MAX_SIZE;
  // The smaller limit cuts the stream; the answer names the one that did.
  const maxBytes = Math.min(typeLimit, allowance.bytesLeft);
  const tooLarge = () => (maxBytes < typeLimit ? allowance.exceeded() : fileErrors.tooLarge(typeLimit));
  const chunks = upload.content[Symbol.asyncIterator]();
  const head = await readHead(chunks);
  if (head.length === 0) throw errors.validation({ file: [FILE_MESSAGES.empty] });
  const sniffing = await startSniffing(head);
  let stored: { storageKey: string; size: number; mimeType: string | null };
  try {
    if (known && !sniffing.candidates.some((mime) => isAllowed(known, mime))) {
      throw fileErrors.typeNotAllowed(known.allowedMimeTypes);
    }
    const storageKey = newStorageKey();
    const size = await storage.putStream(storageKey, headThenRest(head, chunks, sniffing), { maxBytes }).catch((err) => {
      throw err instanceof StorageLimitExceeded ? tooLarge() : err;
    });
    stored = { storageKey, size, mimeType: await sniffing.finish() };
  } finally {
    sniffing.close();
  }
  const discard = () => storage.delete(stored.storageKey).catch(() => {});
  return {
    discard,
    async finish(fileType) {
      const { mimeType, size, storageKey } = stored;
      if (!isAllowed(fileType, mimeType)) {
        await discard();
        throw fileErrors.typeNotAllowed(fileType.allowedMimeTypes);
      }
      if (size > fileType.maxSize) {
        await discard();
        throw fileErrors.tooLarge(fileType.maxSize);
      }
      return recordFile(
        db,
        storage,
        principal,
        { fileType, clientFileName: upload.clientFileName, storageKey, mimeType, size },
        allowance.quota,
      );
    },
  };
}

const isAllowed = (fileType: FileType, mimeType: string | null): mimeType is string =>
  mimeType !== null && (fileType.allowedMimeTypes as readonly string[]).includes(mimeType);

/** The first SNIFF_HEAD_BYTES bytes (fewer when the file is smaller). */
async function readHead(chunks: AsyncIterator<Buffer>): Promise<Buffer> {
  const head: Buffer[] = [];
  let size = 0;
  while (size < SNIFF_HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    size += next.value.length;
  }
  return Buffer.concat(head, size);
}

/** The head, then the rest as it arrives, each chunk shown to the sniffer on its way to the storage. */
async function* headThenRest(head: Buffer, chunks: AsyncIterator<Buffer>, sniffing: Sniffing): AsyncGenerator<Buffer> {
  yield head;
  try {
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      await sniffing.push(next.value);
      yield next.value;
    }
  } finally {
    // Stopped early (storage failure): let the source release the request's stream.
    await chunks.return?.();
  }
}

/**
 * Records the stored bytes; without a row nobody may read them, so they are deleted if it fails.
 * An upload's row is written only if the uploader's quota still has room (upload-quota.ts).
 */
async function recordFile(
  db: DbOrTx,
  storage: FileStorage,
  principal: Principal | null,
  file: { fileType: FileType; clientFileName: string; storageKey: string; mimeType: string; size: number },
  quota?: UploadQuota,
) {
  const insert = (tx: DbOrTx) =>
    tx
      .insert(files)
      .values({
        typeId: file.fileType.fileTypeId,
        storageKey: file.storageKey,
        fileName: sanitizeFileName(file.clientFileName, file.mimeType),
        mimeType: file.mimeType,
        size: file.size,
        uploadedByAdminId: principal?.kind === 'admin' ? principal.adminId : null,
        uploadedByClientId: principal?.kind === 'client' ? principal.clientId : null,
      })
      .returning({ id: files.id });
  try {
    const [row] = quota && principal ? await recordWithinQuota(db, principal, quota, file.size, insert) : await insert(db);
    return { id: row!.id };
  } catch (err) {
    await storage.delete(file.storageKey).catch(() => {});
    throw err;
  }
}

/** A request's context whose caller may be anonymous (GET /files/{id} of an agency's public picture). */
export type FileReaderContext = Omit<RequestContext, 'caller'> & { caller: Principal | null };

/**
 * The file and its bytes when the caller may read it, otherwise null: a file one may not read
 * and a file that does not exist look the same, so ids cannot be probed. The row and the right
 * to read it come in one query over the registered holders (holders.ts); an anonymous
 * caller only gets an agency's public pictures. With `width`, an image comes as its preview
 * (preview.ts); any other file, or an image that cannot be decoded, comes whole (the request's
 * log says which image could not be read, never its bytes).
 */
export async function readFileFor(
  { db, deps: { database, storage }, caller: principal, log }: FileReaderContext,
  fileId: number,
  { width }: { width?: FilePreviewWidth } = {},
) {
  const [file] = await db
    .select({
      storageKey: files.storageKey,
      fileName: files.fileName,
      mimeType: files.mimeType,
      allowed: sql<boolean>`${mayReadFileCondition(principal, fileId)}`,
      auditedHolder: auditedHolderOf(principal, fileId),
      auditedAgencyId: auditedAgencyOf(principal, fileId),
    })
    .from(files)
    .where(eq(files.id, fileId));
  if (!file?.allowed) return null;
  // `auditedHolder`: a customer's document read by staff (the download writes its audit entry).
  const described = {
    fileName: file.fileName,
    mimeType: file.mimeType,
    auditedHolder: file.auditedHolder,
    auditedAgencyId: file.auditedAgencyId,
  };
  if (width !== undefined && PREVIEWABLE_MIME_TYPES.includes(file.mimeType)) {
    const preview = await previewOf(database, storage, file.storageKey, width).catch((err: unknown) => {
      log.warn({ fileId, width, reason: err instanceof Error ? err.message : String(err) }, 'image preview failed');
      return undefined;
    });
    if (preview === null) return { ...described, content: null };
    if (preview) {
      const content = { body: Readable.from([preview]), size: preview.length };
      return { ...described, fileName: `${file.fileName.replace(/\.[^.]*$/, '')}.webp`, mimeType: 'image/webp', content };
    }
  }
  // Streamed, never read whole. `content` is null when the storage lost the bytes: the caller logs
  // it and answers "not found".
  return { ...described, content: await storage.getStream(file.storageKey) };
}
