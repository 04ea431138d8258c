import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { releaseFrozenFiles } from './files-freeze.js';
import type { DatabaseSnapshot } from './snapshot.js';

/**
 * The running server's snapshot socket for the PGlite folder `dataDir`: `<dir>.backup/snapshot.sock`.
 * A folder of its own because a folder's mode is set when it is made (0700), whereas a socket's
 * can only be changed after it is bound: in between, another user could connect.
 */
export function snapshotSocketDir(dataDir: string): string {
  return `${resolve(dataDir)}.backup`;
}
export const snapshotSocketPath = (dataDir: string) => join(snapshotSocketDir(dataDir), 'snapshot.sock');

/** The one request the socket answers. */
export const SNAPSHOT_REQUEST = 'snapshot\n';

/**
 * The answer's first line (JSON), followed by `size` bytes of tarball when `ok`. `filesTree`: the
 * files frozen at the snapshot (files-freeze.ts), which the asker archives and then removes.
 */
export type SnapshotHeader =
  | { ok: true; size: number; migrations: DatabaseSnapshot['migrations']; filesTree: string | null }
  | { ok: false; message: string };

/** A Unix socket path longer than this is refused by the system (sun_path; 104 bytes on macOS). */
const MAX_SOCKET_PATH = 103;

/**
 * Listens on the snapshot socket until `close()`. Only a local process of the same user (the
 * folder's and socket's modes are the authentication) can ask; the socket answers nothing but
 * "snapshot", one at a time, and is removed on close. The server holds the folder's lock, so a
 * socket left by a crashed server is stale and replaced. Answers null (after `warn`) when the
 * socket cannot be made (a path too long for one): the server runs, only `db:backup` cannot reach it.
 */
export async function listenForSnapshots(
  dataDir: string,
  snapshot: () => Promise<DatabaseSnapshot>,
  log: { info: (msg: string) => void; warn: (msg: string) => void; error: (err: unknown, msg: string) => void },
): Promise<{ close: () => Promise<void> } | null> {
  const dir = snapshotSocketDir(dataDir);
  const path = snapshotSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    log.warn(`chemin du socket de sauvegarde trop long (${path}) : npm run db:backup ne pourra pas joindre ce serveur`);
    return null;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { mode: 0o700 });
  let busy = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setTimeout(10_000, () => socket.destroy()); // a request is one short line
    let request = '';
    socket.on('data', (chunk) => {
      request += chunk.toString('latin1');
      if (request.length < SNAPSHOT_REQUEST.length) return;
      socket.removeAllListeners('data');
      socket.pause();
      socket.setTimeout(0);
      if (request !== SNAPSHOT_REQUEST) return void answer(socket, { ok: false, message: 'requête inconnue' });
      if (busy) return void answer(socket, { ok: false, message: 'une sauvegarde est déjà en cours' });
      busy = true;
      serve(socket)
        .catch((err) => {
          log.error(err, 'backup snapshot failed');
          socket.destroy();
        })
        .finally(() => {
          busy = false;
        });
    });
  });

  async function serve(socket: Socket) {
    let snap: DatabaseSnapshot;
    const started = performance.now();
    try {
      snap = await snapshot();
    } catch (err) {
      log.error(err, 'backup snapshot failed');
      return answer(socket, { ok: false, message: 'la copie de la base a échoué (voir le journal du serveur)' });
    }
    // How long the database was held: what a backup costs the users of a running server.
    log.info(`backup snapshot taken in ${Math.round(performance.now() - started)} ms (${snap.tar.size} bytes)`);
    const header: SnapshotHeader = { ok: true, size: snap.tar.size, migrations: snap.migrations, filesTree: snap.filesTree };
    socket.write(`${JSON.stringify(header)}\n`);
    try {
      await pipeline(Readable.fromWeb(snap.tar.stream() as never), socket);
    } catch (err) {
      // The asker is gone: nobody will archive the frozen files.
      if (snap.filesTree) await releaseFrozenFiles(snap.filesTree);
      throw err;
    }
  }

  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(path, () => {
        server.off('error', fail);
        done();
      });
    });
    chmodSync(path, 0o600);
  } catch (err) {
    // Like a path too long: the server serves its users; only a running backup is impossible.
    server.close();
    rmSync(dir, { recursive: true, force: true });
    log.warn(
      `socket de sauvegarde ${path} impossible (${(err as Error).message}) : npm run db:backup ne pourra pas joindre ce serveur`,
    );
    return null;
  }
  return {
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function answer(socket: Socket, header: SnapshotHeader) {
  socket.end(`${JSON.stringify(header)}\n`);
}
