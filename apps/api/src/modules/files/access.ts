import type { Principal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { adminAvatarHolder, agencyFilesHolder, uploaderHolder } from './holders.js';

/**
 * Download rights follow the entity that holds the file (ARCHITECTURE.md): each domain that
 * keeps file ids registers a check saying whether this caller may read the entity holding
 * that file. A file is readable when any check says yes.
 */
export type FileHolderCheck = (db: DbOrTx, principal: Principal, fileId: number) => Promise<boolean>;

const holders = new Map<string, FileHolderCheck>();

/** Registers (or replaces, so a module may register at every app build) a holder's check. */
export function registerFileHolder(name: string, check: FileHolderCheck): void {
  holders.set(name, check);
}

/** One query per holder at most, stopping at the first that grants the file. */
export async function mayReadFile(db: DbOrTx, principal: Principal, fileId: number): Promise<boolean> {
  for (const check of holders.values()) {
    if (await check(db, principal, fileId)) return true;
  }
  return false;
}

// Foundation holders; later domains (news, documents, forums, contracts…) add theirs.
registerFileHolder('uploader', uploaderHolder);
registerFileHolder('agency', agencyFilesHolder);
registerFileHolder('adminAvatar', adminAvatarHolder);
