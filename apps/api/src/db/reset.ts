/**
 * `npm run db:reset`: wipes the database and seeds it again (reference data, then the demo
 * network). With PGlite the PGLITE_DIR folder is deleted; with DATABASE_URL the public and
 * drizzle schemas are dropped and recreated. Paths resolve against the current directory, like
 * the server's: both run from apps/api through npm, so both use apps/api/data/pglite by default.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, parse, relative, resolve, sep } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Config, loadConfig } from '../config.js';
import { createLocalStorage } from '../integrations/storage/storage.js';
import { describeDatabaseUrl, openDatabase } from './client.js';
import { DatabaseLockedError } from './lock.js';
import { adherents, admins, agencies, clients, notifications } from './schema/index.js';
import { DEMO_PASSWORD, seedDemoIfEmpty } from './seed/demo.js';
import { seedReference } from './seed/reference.js';

class ResetRefused extends Error {}

/** The npm workspace root above `from` (the folder whose package.json lists workspaces), else `from`. */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if (JSON.parse(readFileSync(manifest, 'utf8')).workspaces) return dir;
      } catch {
        // an unreadable manifest is not the root
      }
    }
    if (dirname(dir) === dir) return from;
  }
}

/** true when `child` is strictly inside `parent`. */
function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/**
 * The PGlite folder to delete, after checks: inside the project or a `data` folder, not an
 * ancestor of the project, and either missing, empty or holding a PostgreSQL data directory.
 */
function pgliteDirToWipe(pgliteDir: string, cwd = process.cwd()): string {
  if (/^[a-z]+:\/\//i.test(pgliteDir)) throw new ResetRefused(`PGLITE_DIR « ${pgliteDir} » n'est pas un dossier.`);
  const target = resolve(cwd, pgliteDir);
  const root = projectRoot(cwd);
  if ([parse(target).root, homedir(), root, cwd].includes(target) || isInside(target, root) || isInside(target, cwd)) {
    throw new ResetRefused(`refus d'effacer ${target} : c'est le projet, le dossier courant ou l'un de leurs parents.`);
  }
  const inData = target.split(sep).includes('data');
  if (!isInside(root, target) && !inData) {
    throw new ResetRefused(`refus d'effacer ${target} : ni dans le projet (${root}) ni dans un dossier « data ».`);
  }
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) throw new ResetRefused(`refus d'effacer ${target} : ce n'est pas un dossier.`);
    if (readdirSync(target).length > 0 && !existsSync(join(target, 'PG_VERSION'))) {
      throw new ResetRefused(
        `refus d'effacer ${target} : ce dossier ne contient pas de base PGlite (pas de fichier PG_VERSION).`,
      );
    }
  }
  return target;
}

async function reset(config: Config): Promise<string> {
  let where: string;
  let dataDir = config.PGLITE_DIR;
  let wipe: (() => void) | undefined;
  if (config.DATABASE_URL) {
    if (config.NODE_ENV === 'production') throw new ResetRefused('refus de réinitialiser une base PostgreSQL en production.');
    where = `PostgreSQL ${describeDatabaseUrl(config.DATABASE_URL)}`;
  } else if (dataDir.startsWith('memory://')) {
    where = 'PGlite en mémoire';
  } else {
    const target = pgliteDirToWipe(dataDir);
    dataDir = target;
    // Only once the directory's lock is ours: a running server keeps it, and the reset refuses.
    wipe = () => rmSync(target, { recursive: true, force: true });
    where = `PGlite ${dataDir}`;
  }

  const database = await openDatabase({ url: config.DATABASE_URL, dataDir, beforeOpen: wipe });
  try {
    if (database.kind === 'postgres') {
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      await database.db.execute(sql`drop schema if exists public cascade`);
      await database.db.execute(sql`create schema public`);
    }
    await database.migrate();
    await database.db.transaction((tx) => seedReference(tx));
    const started = performance.now();
    const seeded = config.SEED_DEMO ? await seedDemoIfEmpty(database.db, createLocalStorage(config.FILES_DIR)) : false;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);

    if (!seeded)
      return `Base réinitialisée (${where}) : données de référence seules, sans réseau de démonstration (SEED_DEMO=false).`;
    const { db } = database;
    const [nAdherents, nAgencies, nAdmins, nClients, nNotifications] = await Promise.all([
      db.$count(adherents),
      db.$count(agencies),
      db.$count(admins),
      db.$count(clients),
      db.$count(notifications),
    ]);
    return (
      `Base réinitialisée (${where}) : ${nAdherents} adhérents, ${nAgencies} agences, ${nAdmins} utilisateurs intranet, ` +
      `${nClients} clients, ${nNotifications} notifications (démo en ${seconds} s). ` +
      `Mot de passe des comptes de démonstration : ${DEMO_PASSWORD}`
    );
  } finally {
    await database.close();
  }
}

try {
  // A tool of the demo: demo mode unless the environment says otherwise (and never in production).
  console.log(await reset(loadConfig({ DEMO_MODE: 'true', ...process.env })));
} catch (err) {
  console.error(
    err instanceof ResetRefused || err instanceof DatabaseLockedError
      ? `Réinitialisation refusée : ${err.message}`
      : `Réinitialisation impossible : ${(err as Error).message}`,
  );
  process.exitCode = 1;
}
