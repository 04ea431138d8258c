import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Config } from '../../config.js';
import { DatabaseLockedError, lockDatabaseDir } from '../lock.js';
import { ArchiveRefused, extractBackupArchive, extractDataDir } from './archive-read.js';
import { type BackupManifest, fileStamp } from './manifest.js';
import { BackupRefused, refuseUnsupported } from './refusal.js';
import { knownMigrations } from './snapshot.js';

/**
 * `npm run db:restore ARCHIVE`, on a stopped server. Under the folder's lock (refused while a
 * server holds it), the archive is extracted beside the current data into new folders, every
 * checksum checked and the database opened once; only then are the current PGLITE_DIR and
 * FILES_DIR renamed `<dir>.before-restore-<date>` and the restored ones put in their place.
 * Anything that fails before that leaves the current data as it was. Answers the summary lines.
 */
export async function runRestore(config: Config, archive: string, log: (line: string) => void): Promise<string[]> {
  refuseUnsupported(config, 'restauration');
  if (!existsSync(archive)) throw new BackupRefused(`archive introuvable : ${archive}`);
  const dataDir = resolve(config.PGLITE_DIR);
  const filesDir = resolve(config.FILES_DIR);
  let release: () => void;
  try {
    release = lockDatabaseDir(dataDir);
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      throw new BackupRefused(`${err.message} La restauration se fait serveur arrêté : arrêtez-le, puis relancez-la.`);
    }
    throw err;
  }
  const stamp = fileStamp();
  const staged = {
    db: `${dataDir}.restoring-${stamp}`,
    dbTar: `${dataDir}.restoring-${stamp}.tar`,
    files: `${filesDir}.restoring-${stamp}`,
  };
  try {
    log(`Vérification de l'archive ${archive}…`);
    await mkdir(staged.files, { recursive: true, mode: 0o700 });
    const manifest = await extractBackupArchive(archive, { dbTarPath: staged.dbTar, filesDir: staged.files });
    refuseNewerMigrations(manifest);
    await extractDataDir(staged.dbTar, staged.db);
    await checkDatabaseOpens(staged.db, manifest);
    const aside = await swapIn([
      { current: dataDir, restored: staged.db },
      { current: filesDir, restored: staged.files },
    ]);
    return [
      `Restauration terminée : sauvegarde du ${manifest.createdAt} (${manifest.database.migrations.count} migrations, ${manifest.files.count} fichiers) dans ${dataDir} et ${filesDir}.`,
      aside.length > 0
        ? `Les données remplacées sont gardées dans ${aside.join(' et ')} : supprimez-les une fois le serveur vérifié.`
        : 'Il n’y avait pas de données à remplacer.',
      'Démarrez le serveur (npm start) : il applique les migrations plus récentes que la sauvegarde.',
    ];
  } catch (err) {
    await Promise.all([staged.db, staged.files].map((p) => rm(p, { recursive: true, force: true })));
    throw err;
  } finally {
    await rm(staged.dbTar, { force: true });
    release();
  }
}

/** A database from a newer version of the code would be opened by code that does not know its schema. */
function refuseNewerMigrations(manifest: BackupManifest) {
  const known = knownMigrations();
  const { count, lastCreatedAt } = manifest.database.migrations;
  if (count > known.count || lastCreatedAt > known.lastCreatedAt) {
    throw new ArchiveRefused(
      `la sauvegarde vient d'une version plus récente de la plateforme (${count} migrations, cette version en connaît ${known.count}) : mettez le code à jour avant de la restaurer.`,
    );
  }
}

/** Opens the restored folder once (PGlite finishes its recovery there and closes it cleanly) and checks its migrations. */
async function checkDatabaseOpens(dir: string, manifest: BackupManifest) {
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dir, { extensions: { unaccent } });
    const { rows } = await client.query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations');
    if (rows[0]?.count !== manifest.database.migrations.count) throw new Error('migrations count differs from the manifest');
  } catch (err) {
    throw new ArchiveRefused(`la base de l'archive ne s'ouvre pas correctement (${(err as Error).message})`);
  } finally {
    await client?.close().catch(() => {});
  }
}

/**
 * Renames each current folder aside and the restored one in its place; a rename that fails puts
 * back those already done. Answers the folders set aside.
 */
async function swapIn(pairs: { current: string; restored: string }[]): Promise<string[]> {
  const done: { current: string; restored: string; aside: string | null }[] = [];
  try {
    for (const { current, restored } of pairs) {
      const aside = existsSync(current) ? `${current}.before-restore-${fileStamp()}` : null;
      if (aside) await rename(current, aside);
      done.push({ current, restored, aside });
      await rename(restored, current);
    }
  } catch (err) {
    for (const step of done.reverse()) {
      if (existsSync(step.current) && !existsSync(step.restored)) await rename(step.current, step.restored).catch(() => {});
      if (step.aside) await rename(step.aside, step.current).catch(() => {});
    }
    throw err;
  }
  return done.flatMap((d) => (d.aside ? [d.aside] : []));
}
