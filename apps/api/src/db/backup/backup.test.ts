import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFor, pdf, readRestored, startEmbeddedServer, tempRoot } from '../../../test/embedded-server.js';
import { lockDatabaseDir } from '../lock.js';
import { runBackup } from './backup.js';
import { MANIFEST_ENTRY } from './manifest.js';
import { runRestore } from './restore.js';
import { snapshotSocketDir, snapshotSocketPath } from './snapshot-socket.js';

const roots: string[] = [];
const newRoot = () => {
  const root = tempRoot();
  roots.push(root);
  return root;
};
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const quiet = () => {};

/** The commands as an operator runs them (npm runs them in apps/api), whatever this shell's environment. */
const apiDir = join(import.meta.dirname, '..', '..', '..');
const NO_SERVICES = { DATABASE_URL: '', FILES_S3_BUCKET: '', INIT_CWD: '' };

/** The archive's entries, in order, whole in memory (test archives are small). */
async function entriesOf(archive: string): Promise<{ name: string; data: Buffer }[]> {
  const extract = tar.extract();
  const entries: { name: string; data: Buffer }[] = [];
  extract.end(gunzipSync(readFileSync(archive)));
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, data: Buffer.concat(chunks) });
  }
  return entries;
}

/** Writes a copy of `archive` with its entries changed by `edit` (sizes follow, checksums do not). */
async function tampered(archive: string, edit: (name: string, data: Buffer) => Buffer): Promise<string> {
  const pack = tar.pack();
  for (const { name, data } of await entriesOf(archive)) pack.entry({ name }, edit(name, data));
  pack.finalize();
  const out = `${archive}.tampered.tar.gz`;
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  writeFileSync(out, gzipSync(Buffer.concat(chunks)));
  return out;
}

/** A folder's names and file contents (hashed), to tell that a refused restore touched nothing. */
const listing = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((name) => {
      const path = join(dir, name);
      return statSync(path).isFile() ? `${name} ${createHash('sha256').update(readFileSync(path)).digest('hex')}` : name;
    });

describe('npm run db:backup while the server runs', () => {
  let server: Awaited<ReturnType<typeof startEmbeddedServer>>;
  let archive: string;
  const committedBefore: number[] = [];
  let fileBytes: Buffer;
  let fileId: number;

  beforeAll(async () => {
    server = await startEmbeddedServer(newRoot());
    fileBytes = pdf();
    fileId = await server.addFile(fileBytes);
    for (let batch = 1; batch <= 5; batch++) {
      await server.insertBatch(batch);
      committedBefore.push(batch);
    }
    // Transactions keep going while the copy is taken: each is two inserts with a pause between.
    let writing = true;
    const writes = (async () => {
      for (let batch = 100; writing; batch++) await server.insertBatch(batch);
    })();
    const lines: string[] = [];
    try {
      archive = await runBackup(server.config, join(newRoot(), 'backups'), (line) => lines.push(line));
    } finally {
      writing = false;
      await writes;
    }
    expect(lines[0]).toMatch(/^Copie de la base demandée au serveur en marche \(pid \d+\)\.$/);
  });
  afterAll(() => server.stop());

  it('writes one archive named by its date, readable by its owner only', () => {
    expect(archive).toMatch(/backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
  });

  it('restores elsewhere the rows committed before the snapshot, no half transaction, and the files byte for byte', async () => {
    const target = configFor(newRoot());
    const lines = await runRestore(target, archive, quiet);
    expect(lines[0]).toMatch(/^Restauration terminée : sauvegarde du .* \(\d+ migrations, 1 fichiers\)/);
    const restored = await readRestored(target);
    for (const batch of committedBefore) expect(restored.batches.get(batch)).toBe(2);
    for (const [batch, rows] of restored.batches) expect([batch, rows]).toEqual([batch, 2]);
    const key = restored.storageKeyOf.get(fileId);
    expect(key).toBeDefined();
    expect(readFileSync(join(target.FILES_DIR, key as string)).equals(fileBytes)).toBe(true);
  });

  it('keeps the data it replaces aside, and the restored folder opens again', async () => {
    const target = configFor(newRoot());
    await runRestore(target, archive, quiet);
    writeFileSync(join(target.FILES_DIR, 'marker'), 'before');
    const lines = await runRestore(target, archive, quiet);
    const parent = join(target.FILES_DIR, '..');
    const aside = readdirSync(parent).filter((n) => n.includes('.before-restore-'));
    expect(aside.map((n) => n.replace(/-\d{4}-.*$/, '')).sort()).toEqual(['files.before-restore', 'pglite.before-restore']);
    expect(readFileSync(join(parent, aside.find((n) => n.startsWith('files'))!, 'marker'), 'utf8')).toBe('before');
    expect(existsSync(join(target.FILES_DIR, 'marker'))).toBe(false);
    expect(lines[1]).toContain('.before-restore-');
    expect((await readRestored(target)).batches.get(1)).toBe(2);
    expect(readdirSync(parent).filter((n) => n.includes('.restoring-'))).toEqual([]);
  });

  it('refuses to restore while the server holds the folder, in French, with exit code 1', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/db/backup/restore-command.ts', archive], {
      cwd: apiDir,
      env: { ...process.env, ...NO_SERVICES, PGLITE_DIR: server.config.PGLITE_DIR, FILES_DIR: server.config.FILES_DIR },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `Restauration refusée : La base embarquée ${server.config.PGLITE_DIR} est déjà ouverte par un autre processus (pid ${process.pid}) : arrêtez-le ou choisissez un autre PGLITE_DIR. La restauration se fait serveur arrêté : arrêtez-le, puis relancez-la.`,
    );
  });

  it('refuses a damaged archive without touching the current data', async () => {
    const target = configFor(newRoot());
    await runRestore(target, archive, quiet);
    const parent = join(target.FILES_DIR, '..');
    const before = listing(parent);

    const truncated = `${archive}.truncated.tar.gz`;
    writeFileSync(truncated, readFileSync(archive).subarray(0, Math.floor(statSync(archive).size / 2)));
    await expect(runRestore(target, truncated, quiet)).rejects.toThrow(/^archive illisible ou tronquée/);

    const oneByteChanged = await tampered(archive, (name, data) => {
      if (!name.startsWith('files/')) return data;
      const copy = Buffer.from(data);
      copy[copy.length - 1] = (copy.at(-1) as number) ^ 0xff;
      return copy;
    });
    await expect(runRestore(target, oneByteChanged, quiet)).rejects.toThrow(
      /^somme de contrôle fausse pour files\/.* : l'archive est abîmée$/,
    );

    const withoutManifest = await tampered(archive, (name, data) => (name === MANIFEST_ENTRY ? Buffer.from('{}') : data));
    await expect(runRestore(target, withoutManifest, quiet)).rejects.toThrow("ce n'est pas une sauvegarde de la plateforme");

    expect(listing(parent)).toEqual(before);
  });

  it('refuses an archive from a newer set of migrations', async () => {
    const newer = await tampered(archive, (name, data) => {
      if (name !== MANIFEST_ENTRY) return data;
      const manifest = JSON.parse(data.toString('utf8'));
      manifest.database.migrations.count += 1;
      return Buffer.from(JSON.stringify(manifest));
    });
    const target = configFor(newRoot());
    await expect(runRestore(target, newer, quiet)).rejects.toThrow(
      /^la sauvegarde vient d'une version plus récente de la plateforme/,
    );
    expect(existsSync(target.PGLITE_DIR)).toBe(false);
  });
});

describe('the files of a backup', () => {
  it('are those of the snapshot: a file deleted just after it is still in the archive', async () => {
    let deleteNow = async () => {};
    const server = await startEmbeddedServer(newRoot(), { afterSnapshot: () => deleteNow() });
    const fileBytes = pdf();
    const fileId = await server.addFile(fileBytes);
    deleteNow = () => server.deleteFile(fileId);
    try {
      const archive = await runBackup(server.config, join(newRoot(), 'backups'), quiet);
      expect(readdirSync(server.config.FILES_DIR)).not.toContain('.backup'); // the frozen links are gone
      const target = configFor(newRoot());
      await runRestore(target, archive, quiet);
      const key = (await readRestored(target)).storageKeyOf.get(fileId);
      expect(readFileSync(join(target.FILES_DIR, key as string)).equals(fileBytes)).toBe(true);
      expect(existsSync(join(server.config.FILES_DIR, key as string))).toBe(false);
    } finally {
      await server.stop();
    }
  });
});

describe('the snapshot socket', () => {
  it('is refused by a backup run with another FILES_DIR than the server', async () => {
    const server = await startEmbeddedServer(newRoot());
    try {
      const elsewhere = { ...server.config, FILES_DIR: join(newRoot(), 'files') };
      await expect(runBackup(elsewhere, newRoot(), quiet)).rejects.toThrow(
        `le serveur range ses fichiers ailleurs que FILES_DIR (${elsewhere.FILES_DIR}) : lancez la sauvegarde avec l'environnement du serveur.`,
      );
    } finally {
      await server.stop();
    }
  });

  it('is reachable by its owner only, and removed when the server stops', async () => {
    const server = await startEmbeddedServer(newRoot());
    const dir = snapshotSocketDir(server.config.PGLITE_DIR);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(snapshotSocketPath(server.config.PGLITE_DIR)).isSocket()).toBe(true);
    expect(statSync(snapshotSocketPath(server.config.PGLITE_DIR)).mode & 0o777).toBe(0o600);
    await server.stop();
    expect(existsSync(dir)).toBe(false);
  });
});

describe('npm run db:backup with no server running', () => {
  it('opens the folder itself, then lets it go', async () => {
    const server = await startEmbeddedServer(newRoot());
    await server.insertBatch(1);
    const fileBytes = pdf();
    const fileId = await server.addFile(fileBytes);
    await server.stop();

    const lines: string[] = [];
    const archive = await runBackup(server.config, join(newRoot(), 'backups'), (line) => lines.push(line));
    expect(lines[0]).toBe(`Aucun serveur en marche : copie de la base ${server.config.PGLITE_DIR} par cette commande.`);
    expect(lines[2]).toBe(`Fichiers : 1 (40 ko) depuis ${server.config.FILES_DIR}.`);
    expect(existsSync(`${server.config.PGLITE_DIR}.lock`)).toBe(false);

    const target = configFor(newRoot());
    await runRestore(target, archive, quiet);
    const restored = await readRestored(target);
    expect(restored.batches.get(1)).toBe(2);
    expect(readFileSync(join(target.FILES_DIR, restored.storageKeyOf.get(fileId) as string)).equals(fileBytes)).toBe(true);
  });

  it('refuses a live holder of the folder that does not answer on the socket', async () => {
    const config = configFor(newRoot());
    mkdirSync(config.PGLITE_DIR);
    writeFileSync(join(config.PGLITE_DIR, 'PG_VERSION'), '17\n');
    const release = lockDatabaseDir(config.PGLITE_DIR); // a server of a version without the socket
    try {
      await expect(runBackup(config, newRoot(), quiet)).rejects.toThrow(
        `Ce processus ne répond pas sur ${snapshotSocketPath(config.PGLITE_DIR)} : redémarrez le serveur avec cette version, puis relancez la sauvegarde.`,
      );
    } finally {
      release();
    }
  });

  it('exits with 1 and a French line naming the tool to use, never the database password', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/db/backup/backup-command.ts'], {
      cwd: apiDir,
      // The server's environment: with PostgreSQL and local files, it says the folder is shared.
      env: {
        ...process.env,
        ...NO_SERVICES,
        DATABASE_URL: 'postgres://app:s3cr3t-pw@db.example:5432/reseau',
        FILES_DIR_SHARED: 'true',
      },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Sauvegarde refusée : la base est PostgreSQL (DATABASE_URL) : cette commande ne gère que la base embarquée. Faites la sauvegarde avec pg_dump -Fc (voir docs/operations.md).',
    );
    expect(run.stdout).toBe('');
  });

  it('refuses PostgreSQL and S3 files, pointing at their own tools', async () => {
    const config = configFor(newRoot());
    await expect(runBackup({ ...config, DATABASE_URL: 'postgres://u:secret@db/app' }, newRoot(), quiet)).rejects.toThrow(
      'la base est PostgreSQL (DATABASE_URL) : cette commande ne gère que la base embarquée. Faites la sauvegarde avec pg_dump -Fc (voir docs/operations.md).',
    );
    await expect(runRestore({ ...config, FILES_S3_BUCKET: 'fichiers' }, 'x.tar.gz', quiet)).rejects.toThrow(
      /^les fichiers sont dans le bucket S3 fichiers \(FILES_S3_BUCKET\)/,
    );
    await expect(runBackup(config, newRoot(), quiet)).rejects.toThrow(
      `aucune base embarquée dans ${config.PGLITE_DIR} (PGLITE_DIR) : rien à sauvegarder.`,
    );
  });
});
