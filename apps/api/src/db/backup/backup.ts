import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import { openDatabase } from '../client.js';
import { DatabaseLockedError, liveLockOwner } from '../lock.js';
import { type DatabaseSource, writeBackupArchive } from './archive-write.js';
import { FROZEN_FOLDER, releaseFrozenFiles } from './files-freeze.js';
import { fileStamp, formatBytes } from './manifest.js';
import { BackupRefused, refuseUnsupported } from './refusal.js';
import { requestSnapshot } from './snapshot-client.js';
import { snapshotSocketPath } from './snapshot-socket.js';

/**
 * `npm run db:backup`: the embedded database and FILES_DIR in one archive in `outDir`. The
 * database first, from the running server (through its snapshot socket) or, when none runs, by
 * opening the folder under its lock; the files as they were at that instant (hard links made while
 * the snapshot holds the database, files-freeze.ts): a file's bytes are stored before its row is
 * committed and deleted after its row is, so every file the copied database names is there.
 * Answers the archive's path; says what it does through `log`.
 */
export async function runBackup(config: Config, outDir: string, log: (line: string) => void): Promise<string> {
  refuseUnsupported(config, 'sauvegarde');
  const dataDir = resolve(config.PGLITE_DIR);
  const filesDir = resolve(config.FILES_DIR);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new BackupRefused(`aucune base embarquée dans ${dataDir} (PGLITE_DIR) : rien à sauvegarder.`);
  }
  await mkdir(outDir, { recursive: true, mode: 0o700 });
  const path = join(outDir, `backup-${fileStamp()}.tar.gz`);

  const source = await databaseSource(dataDir, filesDir, log);
  if (source.filesTree && dirname(source.filesTree) !== join(filesDir, FROZEN_FOLDER)) {
    // Left for the server's next start to sweep: a path this command does not own is not deleted.
    source.body.destroy();
    throw new BackupRefused(
      `le serveur range ses fichiers ailleurs que FILES_DIR (${filesDir}) : lancez la sauvegarde avec l'environnement du serveur.`,
    );
  }
  if (!source.filesTree) {
    log(
      'Attention : ce disque ne permet pas les liens physiques ; les fichiers sont lus après la copie de la base (un fichier supprimé entre-temps manquerait).',
    );
  }
  let manifest: Awaited<ReturnType<typeof writeBackupArchive>>;
  try {
    manifest = await writeBackupArchive(path, source, source.filesTree ?? filesDir);
  } finally {
    if (source.filesTree) await releaseFrozenFiles(source.filesTree);
  }
  const { database, files } = manifest;
  log(`Base : ${formatBytes(database.size)} (${database.migrations.count} migrations).`);
  log(`Fichiers : ${files.count} (${formatBytes(files.bytes)}) depuis ${filesDir}.`);
  return path;
}

async function databaseSource(dataDir: string, filesDir: string, log: (line: string) => void): Promise<DatabaseSource> {
  const remote = await requestSnapshot(dataDir);
  if (remote) {
    log(`Copie de la base demandée au serveur en marche (pid ${liveLockOwner(dataDir) ?? '?'}).`);
    return remote;
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ dataDir });
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    // A live owner that does not answer: a server older than the socket, or one whose socket path is too long.
    throw new BackupRefused(
      `${err.message} Ce processus ne répond pas sur ${snapshotSocketPath(dataDir)} : redémarrez le serveur avec cette version, puis relancez la sauvegarde.`,
    );
  }
  log(`Aucun serveur en marche : copie de la base ${dataDir} par cette commande.`);
  try {
    const { tar, migrations, filesTree } = await (database.snapshot as NonNullable<typeof database.snapshot>)({ filesDir });
    return { body: Readable.fromWeb(tar.stream() as never), size: tar.size, migrations, filesTree };
  } finally {
    await database.close(); // the copy is in memory: the folder is free again
  }
}
