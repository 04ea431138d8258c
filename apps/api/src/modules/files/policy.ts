import { FILE_TYPE_IDS } from '@reseau/contracts';
import type { Principal } from '../../auth/principal.js';

/**
 * Customers upload nothing for now: no extranet screen sends a file (spec 03). When one does,
 * add its file type id here, and its holder in holders-table.ts.
 */
const CLIENT_UPLOADABLE_FILE_TYPE_IDS: readonly number[] = [];

/** The file types this caller may upload; admins may upload any (the entity saving the id checks the rest). */
export function uploadableFileTypeIds(principal: Principal): readonly number[] {
  return principal.kind === 'admin' ? FILE_TYPE_IDS : CLIENT_UPLOADABLE_FILE_TYPE_IDS;
}

export function mayUploadFileType(principal: Principal, fileTypeId: number): boolean {
  return uploadableFileTypeIds(principal).includes(fileTypeId);
}
