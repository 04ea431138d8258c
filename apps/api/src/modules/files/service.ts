import { randomUUID } from 'node:crypto';
import { FILE_TYPES } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import { fileErrors } from './file-errors.js';
import { sanitizeFileName } from './file-name.js';
import { isPublicAgencyImage } from './holders.js';
import { mayReadFile } from './policy.js';
import { sniffMimeType } from './sniff.js';
import type { Upload } from './upload.js';

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

/** Checks the bytes against the type, stores them, then records the file. */
export async function storeFile(db: DbOrTx, storage: FileStorage, principal: Principal, upload: Upload) {
  const { fileType, bytes } = upload;
  const mimeType = await sniffMimeType(bytes);
  if (!mimeType || !(fileType.allowedMimeTypes as readonly string[]).includes(mimeType)) {
    throw fileErrors.typeNotAllowed(fileType.allowedMimeTypes);
  }
  const storageKey = newStorageKey();
  await storage.put(storageKey, bytes, mimeType);
  try {
    const [row] = await db
      .insert(files)
      .values({
        typeId: fileType.fileTypeId,
        storageKey,
        fileName: sanitizeFileName(upload.clientFileName, mimeType),
        mimeType,
        size: bytes.length,
        uploadedByAdminId: principal.kind === 'admin' ? principal.adminId : null,
        uploadedByClientId: principal.kind === 'client' ? principal.clientId : null,
      })
      .returning({ id: files.id });
    return { id: row!.id };
  } catch (err) {
    // No row, no reader: don't keep the bytes.
    await storage.delete(storageKey).catch(() => {});
    throw err;
  }
}

/**
 * The file and its bytes when the caller may read it, otherwise null: a file one may not read
 * and a file that does not exist look the same, so ids cannot be probed.
 */
/** The file if the caller may read it; an anonymous caller only gets an agency's public pictures. */
export async function readFileFor(db: DbOrTx, storage: FileStorage, principal: Principal | null, fileId: number) {
  const [file] = await db
    .select({ storageKey: files.storageKey, fileName: files.fileName, mimeType: files.mimeType })
    .from(files)
    .where(eq(files.id, fileId));
  if (!file) return null;
  const allowed = principal ? await mayReadFile(db, principal, fileId) : await isPublicAgencyImage(db, fileId);
  if (!allowed) return null;
  // `bytes` is null when the storage lost them: the caller logs it and answers "not found".
  return { fileName: file.fileName, mimeType: file.mimeType, bytes: await storage.get(file.storageKey) };
}
