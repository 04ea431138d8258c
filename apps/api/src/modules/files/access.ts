import type { Principal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { adminAvatarHolder, agencyFilesHolder, uploaderHolder } from './holders.js';

/**
 * Download rights follow the entity that holds the file (ARCHITECTURE.md): each domain that
 * keeps file ids registers a check saying whether this caller may read the entity holding
 * that file. A file is readable when any check says yes.
 */
export type FileHolderCheck = (db: DbOrTx, principal: Principal, fileId: number) => Promise<boolean>;

/**
 * A domain holding sensitive files (a customer's invoices, quotes, contract documents) decides
 * alone for the files it holds: `null` when it does not hold the file, otherwise its verdict,
 * which no other holder can overturn (the uploader of a file later attached to a customer's
 * contract does not keep reading it without the right to that contract).
 */
export type FileGate = (db: DbOrTx, principal: Principal, fileId: number) => Promise<boolean | null>;

const holders = new Map<string, FileHolderCheck>();
const gates = new Map<string, FileGate>();

/** Registers (or replaces, so a module may register at every app build) a holder's check. */
export function registerFileHolder(name: string, check: FileHolderCheck): void {
  holders.set(name, check);
}

/** Registers (or replaces) a gate; gates are asked before any holder. */
export function registerFileGate(name: string, gate: FileGate): void {
  gates.set(name, gate);
}

/** One query per gate, then per holder at most, stopping at the first that decides. */
export async function mayReadFile(db: DbOrTx, principal: Principal, fileId: number): Promise<boolean> {
  for (const gate of gates.values()) {
    const verdict = await gate(db, principal, fileId);
    if (verdict !== null) return verdict;
  }
  for (const check of holders.values()) {
    if (await check(db, principal, fileId)) return true;
  }
  return false;
}

// Foundation holders; later domains (news, documents, forums, contracts…) add theirs.
registerFileHolder('uploader', uploaderHolder);
registerFileHolder('agency', agencyFilesHolder);
registerFileHolder('adminAvatar', adminAvatarHolder);
