import { type Config, loadConfig } from '../../config.js';

/** The command cannot do what was asked, for a reason the operator can act on; `message` is French. */
export class BackupRefused extends Error {}

/**
 * The server's configuration, as the command sees it: the same environment as the server it
 * backs up. Demo mode by default outside production, like `npm start` and `db:reset`, so that a
 * laptop needs no variable; a production environment gives its own.
 */
export function commandConfig(env: Record<string, string | undefined>): Config {
  return loadConfig({ DEMO_MODE: env.NODE_ENV === 'production' ? undefined : 'true', ...env });
}

/**
 * What these commands do not handle, said instead of half-doing it: PostgreSQL (pg_dump) and S3
 * files (the bucket's versioning) have their own tools, described in docs/operations.md.
 */
export function refuseUnsupported(config: Config, verb: 'sauvegarde' | 'restauration') {
  if (config.DATABASE_URL) {
    throw new BackupRefused(
      `la base est PostgreSQL (DATABASE_URL) : cette commande ne gère que la base embarquée. Faites la ${verb} avec ${verb === 'sauvegarde' ? 'pg_dump -Fc' : 'pg_restore'} (voir docs/operations.md).`,
    );
  }
  if (config.FILES_S3_BUCKET) {
    throw new BackupRefused(
      `les fichiers sont dans le bucket S3 ${config.FILES_S3_BUCKET} (FILES_S3_BUCKET) : cette commande ne gère que le dossier FILES_DIR. Voir docs/operations.md (versionnement du bucket et copie).`,
    );
  }
  if (/^[a-z]+:\/\//i.test(config.PGLITE_DIR))
    throw new BackupRefused(`PGLITE_DIR « ${config.PGLITE_DIR} » n'est pas un dossier.`);
}
