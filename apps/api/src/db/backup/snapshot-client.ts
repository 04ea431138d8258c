import { connect, type Socket } from 'node:net';
import type { DatabaseSource } from './archive-write.js';
import { SNAPSHOT_REQUEST, type SnapshotHeader, snapshotSocketPath } from './snapshot-socket.js';

/** The running server refused or failed the snapshot; `message` is French. */
export class SnapshotRefused extends Error {}

/**
 * Asks the server that has `dataDir` open for a snapshot. Answers null when no server listens
 * there (no socket, or a socket left by a server that is gone); otherwise the tarball as a stream
 * of the announced size.
 */
export async function requestSnapshot(dataDir: string): Promise<DatabaseSource | null> {
  const socket = await new Promise<Socket | null>((done, fail) => {
    const s = connect(snapshotSocketPath(dataDir));
    s.once('connect', () => done(s));
    s.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') done(null);
      else if (err.code === 'EACCES') {
        fail(
          new SnapshotRefused(
            `${snapshotSocketPath(dataDir)} n'est accessible qu'à l'utilisateur du serveur : lancez la sauvegarde sous cet utilisateur.`,
          ),
        );
      } else fail(err);
    });
  });
  if (!socket) return null;
  socket.write(SNAPSHOT_REQUEST);
  const header = await readHeader(socket);
  if (!header.ok) {
    socket.destroy();
    throw new SnapshotRefused(header.message);
  }
  return { body: socket, size: header.size, migrations: header.migrations, filesTree: header.filesTree };
}

/** The answer's first line; the bytes after it are put back for the body. */
function readHeader(socket: Socket): Promise<SnapshotHeader> {
  return new Promise((done, fail) => {
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf(10);
      if (end < 0) {
        if (buffered.length > 64 * 1024) finish(new SnapshotRefused('réponse du serveur illisible'));
        return;
      }
      socket.pause();
      finish(null);
      socket.unshift(buffered.subarray(end + 1));
      try {
        done(JSON.parse(buffered.subarray(0, end).toString('utf8')) as SnapshotHeader);
      } catch {
        fail(new SnapshotRefused('réponse du serveur illisible'));
      }
    };
    const onEnd = () => finish(new SnapshotRefused('le serveur a fermé la connexion sans répondre'));
    const onError = (err: Error) => finish(err);
    function finish(err: Error | null) {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onError);
      if (err) {
        socket.destroy();
        fail(err);
      }
    }
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('error', onError);
  });
}
