import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Another live process holds the embedded database: opening it too would corrupt it. */
export class DatabaseLockedError extends Error {}

interface Owner {
  pid: number;
  /** When the owning process started (ms): tells our own old lock from a live one under the same pid. */
  processStartedAt: number;
  startedAt: string;
}

const processStartedAt = Math.round(Date.now() - process.uptime() * 1000);

function readOwner(path: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<Owner>;
    return Number.isInteger(owner.pid) ? (owner as Owner) : null;
  } catch {
    return null; // unreadable or half-written: treated as stale
  }
}

function isAlive(owner: Owner): boolean {
  // A container restarts its server under the same pid (often 1): a lock written by this pid
  // before this process started is a leftover, not a second opener.
  if (owner.pid === process.pid) return Math.abs(owner.processStartedAt - processStartedAt) < 2000;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, owned by another user
  }
}

/** The pid of the live process holding `<dir>.lock`, or null when none does (no lock, or a stale one). */
export function liveLockOwner(dir: string): number | null {
  const owner = readOwner(`${resolve(dir)}.lock`);
  return owner && isAlive(owner) ? owner.pid : null;
}

/**
 * Takes `<dir>.lock` (created exclusively, holding our pid) before PGlite opens `dir`; a lock
 * whose process is gone is replaced. PGlite itself does not stop a second process, and two
 * writers corrupt the indexes. Returns the release function.
 */
export function lockDatabaseDir(dir: string): () => void {
  const path = `${resolve(dir)}.lock`;
  mkdirSync(dirname(path), { recursive: true }); // a first start creates ./data as well
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(path);
      if (owner && isAlive(owner)) {
        throw new DatabaseLockedError(
          `La base embarquée ${resolve(dir)} est déjà ouverte par un autre processus (pid ${owner.pid}) : arrêtez-le ou choisissez un autre PGLITE_DIR.`,
        );
      }
      rmSync(path, { force: true }); // stale: its process is gone
      continue;
    }
    const owner: Owner = { pid: process.pid, processStartedAt, startedAt: new Date().toISOString() };
    writeSync(fd, JSON.stringify(owner));
    closeSync(fd);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (readOwner(path)?.pid === process.pid) rmSync(path, { force: true });
    };
  }
  throw new DatabaseLockedError(`La base embarquée ${resolve(dir)} est en cours d'ouverture par un autre processus : réessayez.`);
}
