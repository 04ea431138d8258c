import { readFileSync } from 'node:fs';

/** Bumped when the archive's layout changes; a restore refuses a format it does not know. */
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_FORMAT = 'reseau-energie-backup';

/** The archive's entries: the database tarball, the files under their storage keys, this manifest last. */
export const DATABASE_ENTRY = 'database/pgdata.tar';
export const FILES_PREFIX = 'files/';
export const MANIFEST_ENTRY = 'manifest.json';

/** Which migrations a database has applied (drizzle's journal table): a restore refuses newer ones. */
export interface MigrationState {
  count: number;
  /** `created_at` of the last one (the migration folder's timestamp), as a number of ms; 0 when none. */
  lastCreatedAt: number;
}

export interface StoredEntry {
  size: number;
  sha256: string;
}

/** `manifest.json`: written last, once every checksum is known; checked before anything is restored. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  appVersion: string;
  database: StoredEntry & { kind: 'pglite'; entry: typeof DATABASE_ENTRY; migrations: MigrationState };
  files: { count: number; bytes: number; entries: (StoredEntry & { key: string })[] };
}

/** The API package's version, for the manifest (migrations are what a restore checks). */
export function appVersion(): string {
  const manifest = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** `2026-11-26T01-02-03Z`: a date for file names, sorting like the dates themselves. */
export function fileStamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
}

/** "12,3 Mo", "40 ko" */
export function formatBytes(bytes: number): string {
  const format = (n: number) => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(n);
  return bytes < 1_000_000 ? `${format(bytes / 1000)} ko` : `${format(bytes / 1_000_000)} Mo`;
}
